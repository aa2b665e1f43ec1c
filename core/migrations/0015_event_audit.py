"""The audit actions of events and their sections; the Staff group's permissions on the
models of events (events, sections, discounts, entries, prize tables, round starts), which
staff see in the admin (docs/roles.md)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations, models


def add_event_permissions(apps, schema_editor):
    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, verbosity=0, apps=apps)
        config.models_module = None
    group = apps.get_model("auth", "Group").objects.filter(name="Staff").first()
    if group is not None:
        permission = apps.get_model("auth", "Permission")
        group.permissions.add(*permission.objects.filter(content_type__app_label="events"))


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0014_check_in_audit"),
        ("events", "0003_sections_entries"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(
                choices=[
                    ("result_entered", "result entered"),
                    ("result_corrected", "result corrected"),
                    ("game_added", "board added"),
                    ("game_deleted", "board deleted"),
                    ("round_paired", "round paired"),
                    ("pairings_discarded", "pairings discarded"),
                    ("round_published", "pairings published"),
                    ("boards_swapped", "boards swapped"),
                    ("board_edited", "board edited"),
                    ("bye_requested", "bye requested"),
                    ("bye_cancelled", "bye cancelled"),
                    ("player_withdrawn", "player withdrawn"),
                    ("player_changed", "player changed"),
                    ("player_merged", "players merged"),
                    ("player_deleted", "player deleted"),
                    ("tournament_changed", "tournament changed"),
                    ("tournament_deleted", "tournament deleted"),
                    ("period_closed", "rating period closed"),
                    ("period_reopened", "rating period reopened"),
                    ("starting_rating_set", "starting rating set"),
                    ("declared_grade_set", "declared grade set"),
                    ("ratings_recomputed", "ratings recomputed"),
                    ("tournament_created", "tournament created"),
                    ("arbiters_set", "arbiters appointed"),
                    ("player_registered", "player entered"),
                    ("numbers_assigned", "pairing numbers assigned"),
                    ("round_added", "round added"),
                    ("forbidden_pair_added", "forbidden pair added"),
                    ("result_reported", "result reported by a player"),
                    ("report_rejected", "reported result rejected"),
                    ("player_created", "player created"),
                    ("trf_imported", "tournament imported from a TRF file"),
                    ("round_changed", "round changed"),
                    ("round_deleted", "round deleted"),
                    ("registration_changed", "entry changed"),
                    ("player_unregistered", "entry deleted"),
                    ("club_created", "club created"),
                    ("club_changed", "club changed"),
                    ("club_deleted", "club deleted"),
                    ("organisers_set", "organisers appointed"),
                    ("rating_list_changed", "rating list changed"),
                    ("tournament_status_changed", "tournament status changed"),
                    ("fide_list_imported", "FIDE rating list imported"),
                    ("invitation_sent", "invitation sent"),
                    ("invitation_revoked", "invitation revoked"),
                    ("invitation_accepted", "invitation accepted"),
                    ("prizes_set", "prize table set"),
                    ("event_created", "event created"),
                    ("event_changed", "event changed"),
                    ("section_added", "section added"),
                    ("section_changed", "section changed"),
                    ("section_removed", "section removed"),
                ],
                max_length=40,
                verbose_name="action",
            ),
        ),
        migrations.RunPython(add_event_permissions, migrations.RunPython.noop),
    ]
