"""The physics citation benchmark: generation (pool, render, corrupt, generate), the dataset
format (dataset), evaluation (run, metrics, report, plot), calibration and HALLMARK."""
