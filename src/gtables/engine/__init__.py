"""The generic engine: position spaces, bottom-up kernels, the compute wrapper and the game
contract.  Nothing in here imports a particular game."""
