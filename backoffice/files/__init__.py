"""Files built from a tournament for federations and pairing programs: TRF, .h9, turnering."""
