"""The "Staff" group: the admin permissions staff need (docs/roles.md).

Every permission on the models of the domain (clubs, players, tournaments and their rounds,
games, entries, byes, reports; rating lists, starting ratings, published lists) and viewing
the audit trail. Not the accounts and groups themselves: those stay with superusers, so a
staff account cannot raise its own rights. Existing staff accounts (not superusers) are
put in the group; new ones are put in it by whoever makes them staff (docs/roles.md).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Staff"
APPS = ("players", "tournaments", "ratings")
EXTRA = (("core", "view_auditentry"),)


def _permissions(apps):
    # Permissions are normally created after the migrations: make them now.
    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, verbosity=0, apps=apps)
        config.models_module = None
    permission = apps.get_model("auth", "Permission")
    wanted = list(permission.objects.filter(content_type__app_label__in=APPS))
    for app_label, codename in EXTRA:
        wanted.extend(
            permission.objects.filter(content_type__app_label=app_label, codename=codename)
        )
    return wanted


def add_group(apps, schema_editor):
    group_model = apps.get_model("auth", "Group")
    group, _ = group_model.objects.get_or_create(name=GROUP)
    group.permissions.add(*_permissions(apps))
    user_model = apps.get_model("auth", "User")
    for user in user_model.objects.filter(is_staff=True, is_superuser=False):
        user.groups.add(group)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0004_submission_tokens"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("players", "0005_player_fide_ratings"),
        ("tournaments", "0008_tournament_status_and_bounded_rounds"),
        ("ratings", "0009_incremental_updates"),
    ]

    operations = [migrations.RunPython(add_group, remove_group)]
