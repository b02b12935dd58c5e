"""Rules profiles (§7): a table of bonuses plus a few flags, chosen by name.

Nothing else in the code asks which profile is in force; it reads the table.

>>> profile("cvv").bonuses["chiu_u"].base
3
>>> "thong" in profile("house").bonuses
False
"""

from __future__ import annotations

from dataclasses import dataclass

from advisor.errors import RulesError


@dataclass(frozen=True)
class Bonus:
    """One cước: its code, Vietnamese name, base and dịch values."""

    code: str
    name: str
    base: int
    dich: int


CONDITIONS: dict[str, str] = {
    "u_xuong": "a win with no other bonus",
    "u_chi": "won on the stock card revealed at the winner's own door",
    "thien_u": "the dealer's 20 dealt cards already win (W3)",
    "tom": "Tam Vạn, Tam Sách and Thất Văn among the winning cards; once per set",
    "bach_thu": "exactly 6 Chắn, and no Cạ of the winning card's rank",
    "leo": "Chi chi, Bát Sách and Cửu Vạn among the winning cards; once per set",
    "thien_khai": "four identical cards in the dealt hand; once per card",
    "chiu_u": "won by Chíu",
    "bon": "all four copies of a card, with an eaten Chắn of it; once per card",
    "bach_dinh": "no red card among the 20",
    "tam_do": "exactly 8 red cards",
    "kinh_tu_chi": "all four Chi chi and no other red card",
    "thap_thanh": "10 Chắn (a Chíu counts 2)",
    "bach_thu_chi": "Bạch thủ won on Chi chi",
    "thong": "the winner also won the previous deal",
    "dia_u": "won before the second stock card was revealed",
    "co_chiu": "a Chíu made earlier in the deal; one each",
    "u_bon": "the winning card itself completes the Bòn",
}
"""Each bonus's condition in words, for people (rules §7)."""


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    bonuses: dict[str, Bonus]
    #: With Thập thành the points are the sum of every instance's base (house).
    thap_thanh_sums_bases: bool
    #: Bonuses that replace another: {replacement: replaced} (cvv: bach_thu_chi, u_bon).
    replaces: dict[str, str]
    #: Options a position may switch on, with their defaults.
    options: dict[str, bool]
    #: Points per gà when the ``ga`` option is on, and the codes that are a gà each.
    ga_points: int = 0
    ga_codes: tuple[str, ...] = ()


_NAMES = {
    "u_xuong": "Ù xuông", "u_chi": "Ù chì", "thien_u": "Thiên ù", "tom": "Tôm",
    "bach_thu": "Bạch thủ", "leo": "Lèo", "thien_khai": "Thiên khai", "chiu_u": "Chíu ù",
    "bon": "Bòn", "bach_dinh": "Bạch định", "tam_do": "Tám đỏ", "kinh_tu_chi": "Kính tứ chi",
    "thap_thanh": "Thập thành", "bach_thu_chi": "Bạch thủ chi", "thong": "Thông",
    "dia_u": "Địa ù", "co_chiu": "Có chíu", "u_bon": "Ù bòn",
}


def _table(values: dict[str, tuple[int, int]]) -> dict[str, Bonus]:
    return {code: Bonus(code, _NAMES[code], b, d) for code, (b, d) in values.items()}


_COMMON = {
    "u_xuong": (2, 0), "u_chi": (3, 1), "thien_u": (3, 1), "tom": (4, 1), "bach_thu": (4, 1),
    "leo": (5, 2), "bach_dinh": (7, 4), "tam_do": (8, 5), "kinh_tu_chi": (12, 9),
    "thap_thanh": (12, 9),
}

PROFILES: dict[str, Profile] = {
    "house": Profile(
        name="house",
        description="the rules sheet (default)",
        bonuses=_table({**_COMMON, "thien_khai": (5, 2), "chiu_u": (5, 2), "bon": (5, 2)}),
        thap_thanh_sums_bases=True,
        replaces={},
        options={},
    ),
    "cvv": Profile(
        name="cvv",
        description="Chắn Vạn Văn convention",
        bonuses=_table({
            **_COMMON, "thien_khai": (3, 1), "chiu_u": (3, 1), "bon": (3, 1),
            "bach_thu_chi": (6, 3), "thong": (3, 1), "dia_u": (3, 1), "co_chiu": (3, 1),
            "u_bon": (3, 1),
        }),
        thap_thanh_sums_bases=False,
        replaces={"bach_thu_chi": "bach_thu", "u_bon": "bon"},
        options={"ga": False},
        ga_points=5,
        ga_codes=("thap_thanh", "kinh_tu_chi", "bach_dinh", "tam_do", "bach_thu_chi"),
    ),
}


def profile(name: str) -> Profile:
    """The profile called ``name``; an unknown name is a :class:`RulesError`."""
    try:
        return PROFILES[name]
    except KeyError:
        raise RulesError(
            f"rules: unknown profile '{name}' (known: {', '.join(PROFILES)})",
            field="rules", token=name,
        ) from None
