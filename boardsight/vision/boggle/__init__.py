"""Reading Boggle trays from photos: find the tray, cut out the cubes, read each face."""
