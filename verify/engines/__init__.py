"""Engines: exact rational and symbolic arithmetic, the methods' exact steps, their mpmath twins, certified enclosures and the mathematics of stability."""
