"""The engine as a JSON-RPC 2.0 service, so a frontend in any language can drive it."""
