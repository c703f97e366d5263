"""The API's routers, one an area: reading photos, Boggle, Scrabble, the served folder, the page."""
