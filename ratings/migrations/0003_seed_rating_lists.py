from django.db import migrations

LISTS = [
    ("Chess standard", "chess-standard", "standard", 1),
    ("Chess rapid", "chess-rapid", "rapid", 2),
    ("Chess blitz", "chess-blitz", "blitz", 3),
]


def seed(apps, schema_editor):
    RatingList = apps.get_model("ratings", "RatingList")
    for name, slug, time_control, position in LISTS:
        RatingList.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "game": "chess",
                "time_control": time_control,
                "system": "fide",
                "position": position,
            },
        )


def unseed(apps, schema_editor):
    apps.get_model("ratings", "RatingList").objects.filter(
        slug__in=[slug for _, slug, _, _ in LISTS]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0002_initial")]

    operations = [migrations.RunPython(seed, unseed)]
