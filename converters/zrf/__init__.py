"""Zillions of Games rules files (.zrf): lexer, parser, macro expander, model, writer.

``model.read_zrf(path)`` / ``model.parse_zrf(text)`` give a :class:`~.model.ZrfFile`
of games and variants; ``writer.variant_to_zrf(variant)`` writes one of
trebuchet's variants.  The package itself imports none of them, so that a
command that only needs the lexer's ``decode`` does not load the reader.
"""
