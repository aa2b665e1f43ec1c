from django.db import migrations

LISTS = [
    ("Go (EGF)", "go-egf", "go", "egf", 4),
    ("Shogi (FESA)", "shogi-fesa", "shogi", "fesa", 5),
]


def seed(apps, schema_editor):
    RatingList = apps.get_model("ratings", "RatingList")
    for name, slug, game, system, position in LISTS:
        RatingList.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "game": game,
                "time_control": "standard",
                "system": system,
                "position": position,
            },
        )


def unseed(apps, schema_editor):
    apps.get_model("ratings", "RatingList").objects.filter(
        slug__in=[slug for _, slug, _, _, _ in LISTS]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0006_egf_fesa_fields")]

    operations = [migrations.RunPython(seed, unseed)]
