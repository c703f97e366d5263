"""Train small image classifiers on the CPU and export them as self-describing ONNX files.

Needs the ``train`` extra (PyTorch, onnx). Every module here imports torch inside its
functions, so importing :mod:`boardsight.models.training` (for example to register the
``train`` command) costs nothing and works without torch installed.

The steps, each a module:

1. :mod:`.cell_set`: labelled crops as arrays (numpy only), saved as ``.npz``;
2. :mod:`.augment`: random, label-preserving changes of a batch (torch);
3. :mod:`.network`: the small convolutional network (torch);
4. :mod:`.trainer`: the training loop with validation (torch);
5. :mod:`.export`: ONNX export with metadata (torch, onnx).

Each game's model has its training data and plan beside these: :mod:`.boggle`
(``cube_data``, ``cube_training``) and :mod:`.scrabble` (``tile_data``, ``tile_training``).
"""
