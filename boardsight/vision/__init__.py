"""Computer vision: loading photos, finding and rectifying boards, reading cells."""
