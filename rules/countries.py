"""FIDE federation codes and the ISO 3166-1 alpha-2 country codes the go and shogi
federations' files ask for (the EGD ``.h9``, FESA's ``turnering.txt``).

Players store FIDE's three-letter federation (``ENG``, ``NED``, ``GER``); FIDE's codes are
mostly the IOC's and differ from ISO alpha-3 (``NED`` is ``NLD``, ``GER`` is ``DEU``), so
they are mapped by this table, not by rule. England, Scotland and Wales (FIDE federations of
their own) are ``GB`` in ISO. A code not in the table (or Kosovo, which has no ISO code)
gives ``None``; the files then write ``--``.
"""

from __future__ import annotations

_TABLE = """
    AFG:AF ALB:AL ALG:DZ AND:AD ANG:AO ANT:AG ARG:AR ARM:AM ARU:AW AUS:AU AUT:AT AZE:AZ
    BAH:BS BRN:BH BAN:BD BAR:BB BLR:BY BEL:BE BIZ:BZ BEN:BJ BER:BM BHU:BT BOL:BO BIH:BA
    BOT:BW BRA:BR IVB:VG BRU:BN BUL:BG BUR:BF BDI:BI CAM:KH CMR:CM CAN:CA CPV:CV CAY:KY
    CAF:CF CHA:TD CHI:CL CHN:CN TPE:TW COL:CO COM:KM CGO:CG COD:CD CRC:CR CIV:CI CRO:HR
    CUB:CU CYP:CY CZE:CZ DEN:DK DJI:DJ DMA:DM DOM:DO ECU:EC EGY:EG ESA:SV ENG:GB GEQ:GQ
    ERI:ER EST:EE SWZ:SZ ETH:ET FAI:FO FIJ:FJ FIN:FI FRA:FR GAB:GA GAM:GM GEO:GE GER:DE
    GHA:GH GRE:GR GRN:GD GUM:GU GUA:GT GCI:GG GUY:GY HAI:HT HON:HN HKG:HK HUN:HU ISL:IS
    IND:IN INA:ID IRI:IR IRQ:IQ IRL:IE IOM:IM ISR:IL ITA:IT JAM:JM JPN:JP JCI:JE JOR:JO
    KAZ:KZ KEN:KE KUW:KW KGZ:KG LAO:LA LAT:LV LBN:LB LES:LS LBR:LR LBA:LY LIE:LI LTU:LT
    LUX:LU MAC:MO MAD:MG MAW:MW MAS:MY MDV:MV MLI:ML MLT:MT MTN:MR MRI:MU MEX:MX MDA:MD
    MNC:MC MGL:MN MNE:ME MAR:MA MOZ:MZ MYA:MM NAM:NA NRU:NR NEP:NP NED:NL NZL:NZ NCA:NI
    NIG:NE NGR:NG MKD:MK NOR:NO OMA:OM PAK:PK PLW:PW PLE:PS PAN:PA PNG:PG PAR:PY PER:PE
    PHI:PH POL:PL POR:PT PUR:PR QAT:QA ROU:RO RUS:RU RWA:RW SKN:KN LCA:LC VIN:VC SMR:SM
    STP:ST KSA:SA SCO:GB SEN:SN SRB:RS SEY:SC SLE:SL SGP:SG SVK:SK SLO:SI SOL:SB SOM:SO
    RSA:ZA KOR:KR PRK:KP SSD:SS ESP:ES SRI:LK SUD:SD SUR:SR SWE:SE SUI:CH SYR:SY TJK:TJ
    TAN:TZ THA:TH TLS:TL TOG:TG TGA:TO TTO:TT TUN:TN TUR:TR TKM:TM UGA:UG UKR:UA UAE:AE
    USA:US URU:UY ISV:VI UZB:UZ VAN:VU VEN:VE VIE:VN WLS:GB YEM:YE ZAM:ZM ZIM:ZW
"""

FIDE_TO_ISO2: dict[str, str] = dict(pair.split(":") for pair in _TABLE.split())
"""FIDE federation (three letters) -> ISO 3166-1 alpha-2."""


def iso2(federation: str) -> str | None:
    """The ISO alpha-2 country of a federation code: a FIDE code by the table, a two-letter
    code as it is (upper case); ``None`` when neither."""
    code = (federation or "").strip().upper()
    if len(code) == 2 and code.isalpha():
        return code
    return FIDE_TO_ISO2.get(code)
