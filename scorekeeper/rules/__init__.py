"""The rule sets: the model, reading and validating YAML files, the built-in games."""
