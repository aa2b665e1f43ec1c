"""The fixed material of the chess demo: rating lists, clubs, names by federation, titles."""

from players.enums import Title

STANDARD, RAPID, BLITZ = "chess-standard", "chess-rapid", "chess-blitz"
TIME_CONTROLS = {STANDARD: "standard", RAPID: "rapid", BLITZ: "blitz"}

# (name, short name, city, federation)
CLUBS = [
    ("Riverside Chess Club", "Riverside", "Kingsbridge", "ENG"),
    ("Kingsbridge Railway Chess Club", "Railway", "Kingsbridge", "ENG"),
    ("Dunmore Chess Club", "Dunmore", "Dunmore", "SCO"),
    ("Échiquier de la Côte", "La Côte", "Calais", "FRA"),
]
HOME, RAILWAY, DUNMORE, COTE = range(4)

# federation: (weight, surnames, male first names, female first names)
NAMES = {
    "ENG": (
        52,
        "Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson "
        "Evans Walker White Roberts Green Hall Wood Jackson Clarke Hughes Edwards Turner "
        "Harris Cooper Ward Morris King Baker Hill Parker Carter Bennett Mitchell Fletcher "
        "Palmer Holmes Bailey Marshall Lawrence Spencer Webb Chapman Ellis Foster Pearce",
        "James Oliver George Harry Thomas William Jack Daniel Samuel Joseph Matthew David "
        "Peter Richard Michael Andrew Christopher Edward Henry Alfie Leo Noah Arthur Stephen",
        "Emma Olivia Sophie Charlotte Amelia Grace Lucy Hannah Emily Jessica Eleanor Alice "
        "Isla Ruby Freya Margaret Susan Helen Catherine Rachel",
    ),
    "SCO": (
        9,
        "MacDonald Campbell Stewart Robertson Murray Fraser Reid Ross Henderson Paterson "
        "Kerr Grant Sinclair Munro",
        "Callum Euan Angus Fraser Hamish Ross Alasdair Iain Duncan",
        "Isla Eilidh Morag Kirsty Fiona Catriona Ailsa",
    ),
    "FRA": (
        10,
        "Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Laurent "
        "Lefebvre Fournier Girard Bonnet Rousseau",
        "Julien Mathieu Antoine Nicolas Pierre Théo Lucas Hugo Étienne",
        "Camille Léa Chloé Manon Juliette Élise Sophie Margaux",
    ),
    "IRL": (
        6,
        "Murphy Kelly O'Brien Byrne Ryan O'Sullivan Walsh Doyle McCarthy Gallagher",
        "Seán Cian Niall Conor Darragh Eoin Ciarán",
        "Aoife Siobhán Niamh Ciara Róisín Orla",
    ),
    "GER": (
        5,
        "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch",
        "Jonas Lukas Felix Maximilian Tobias Stefan Jürgen Matthias",
        "Anna Lena Katharina Julia Sabine Hannah",
    ),
    "NED": (
        4,
        "de_Jong Jansen de_Vries van_den_Berg Bakker Visser Smit Meijer de_Boer Mulder",
        "Daan Sem Jeroen Pieter Bram Thijs",
        "Fleur Sanne Lotte Anouk Femke",
    ),
    "ESP": (
        4,
        "García Fernández González Rodríguez López Martínez Sánchez Pérez Romero Navarro",
        "Javier Alejandro Pablo Sergio Álvaro Diego",
        "Lucía María Carmen Elena Paula",
    ),
    "UKR": (
        4,
        "Kovalenko Bondarenko Tkachenko Shevchenko Kravchenko Oliynyk Melnyk Boyko Moroz",
        "Oleksandr Andriy Dmytro Mykola Serhiy Bohdan",
        "Olena Hanna Iryna Kateryna Oksana",
    ),
    "IND": (
        4,
        "Sharma Iyer Patel Reddy Nair Krishnan Rao Gupta Menon",
        "Arjun Rohan Vikram Aditya Karthik Pranav",
        "Priya Ananya Divya Kavya Meera",
    ),
    "WLS": (
        2,
        "Jones Davies Evans Thomas Lloyd Price Morgan Griffiths Pritchard",
        "Rhys Gareth Owain Dafydd Ieuan",
        "Cerys Seren Ffion Megan",
    ),
}

# Titles per 160 players, with their rating band (standard).
TITLES = [
    (Title.GM, 1, 2470, 2560),
    (Title.IM, 2, 2370, 2450),
    (Title.WGM, 1, 2290, 2350),
    (Title.FM, 4, 2270, 2360),
    (Title.WIM, 1, 2190, 2260),
    (Title.CM, 4, 2180, 2260),
    (Title.WFM, 2, 2080, 2160),
    (Title.WCM, 2, 1980, 2060),
]
WOMEN_TITLES = {Title.WGM, Title.WIM, Title.WFM, Title.WCM}
TITLE_ORDER = {code: index for index, code in enumerate(Title.values)}  # C.04.2 order
