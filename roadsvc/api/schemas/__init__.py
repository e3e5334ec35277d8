"""marshmallow schemas, one module per API area; `common` holds the shared field kinds."""
