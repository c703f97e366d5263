"""Training the Boggle cube-face classifier: rendered trays cut into cells, then the CNN."""
