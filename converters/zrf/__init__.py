"""Zillions of Games rules files (.zrf): lexer, parser, macro expander, model, writer.

``read_zrf(path)`` / ``parse_zrf(text)`` give a :class:`ZrfFile` of games and
variants; ``variant_to_zrf(variant)`` writes one of trebuchet's variants.
"""

from trebuchet.converters.zrf.model import ZrfFile, parse_zrf, read_zrf
from trebuchet.converters.zrf.writer import variant_to_zrf
from trebuchet.variants.zrf.errors import ZrfError

__all__ = ["ZrfError", "ZrfFile", "parse_zrf", "read_zrf", "variant_to_zrf"]
