"""``Player.user`` becomes ``Player.account``: the player's own login, as opposed to the user
who acts (``actor``) in the actions. The column is renamed; every row keeps its account."""

from django.conf import settings
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0002_club_organisers_player_user"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="player", old_name="user", new_name="account"),
    ]
