"""Recording Scrabble games from a fixed camera: stable board states, moves, GCG events."""
