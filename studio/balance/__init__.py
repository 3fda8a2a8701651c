"""The Balance window: simulations, their figures and plots, in the studio."""
