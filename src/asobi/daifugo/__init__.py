"""素数大富豪 (prime daifugō): which numbers can be played, with exponent notation."""
