"""A sample plugin of hikaku: each module is one kind of plugin (docs/plugins.md)."""
