"""Zillions of Games rules files as trebuchet variants: the ZRF rules engine.

:mod:`trebuchet.converters.zrf` reads a ``.zrf`` (lexer, macro expander,
model) and describes a game as a :class:`~trebuchet.variants.zrf.spec.GameSpec`;
this package compiles each piece's ``moves`` and ``drops`` blocks once into
closures (:mod:`.program`) and plays the game as a
:class:`~trebuchet.variants.zrf.game.ZrfVariant`, so that legality, replay,
notation, analysis and the command line apply to it unchanged.
"""
