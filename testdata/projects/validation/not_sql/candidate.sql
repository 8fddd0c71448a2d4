Add a posts table with a title and a body.
