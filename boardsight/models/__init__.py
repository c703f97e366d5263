"""Small image classifiers: ONNX files that carry their own description, and the code to run them.

Runtime (numpy, OpenCV, onnxruntime only): :mod:`metadata` (what a model file says about
itself), :mod:`preprocess` (crops to input tensors, the same code at training and at
run time), :mod:`onnx_classifier` (batched inference). Training (PyTorch, CPU; the
``train`` extra) lives in :mod:`boardsight.models.training` and is imported only when
a model is being trained.
"""
