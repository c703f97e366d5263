"""Training the Scrabble square classifier: rendered and labelled boards cut into squares, then the CNN."""
