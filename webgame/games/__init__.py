"""One module or package per engine family; ``registry`` lists the playable games."""
