"""From a link to sample points: instances at concrete sizes, adversarial and random points, the stated conditions, and witnesses (shrunk, signs settled exactly)."""
