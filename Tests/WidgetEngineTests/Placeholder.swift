// Placeholder so the target builds; replaced by the room's first real test.
