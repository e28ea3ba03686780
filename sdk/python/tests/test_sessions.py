"""A person's session token acts in the organization the client names (X-Switchboard-Organization)."""
from __future__ import annotations

import unittest
import uuid

from switchboard import AuthenticationError, Switchboard

from .support import BASE_URL, needs_service, operator


@needs_service
class SessionTest(unittest.TestCase):
    def test_person_in_named_organization(self) -> None:
        email = f"py-person-{uuid.uuid4().hex[:8]}@example.com"
        owner = {"email": email, "name": "Pia Person", "password": "person-password-1"}
        created = operator().operator.create_organization(name="Py Sessions", plan="team", owner=owner)  # type: ignore[arg-type]
        org_id = created.organization.id
        Switchboard(BASE_URL, created.plain_key).workspaces.create(name="Seen", slug="seen")
        token = Switchboard(BASE_URL, None).auth.sign_in(email=email, password="person-password-1").token

        person = Switchboard(BASE_URL, token, organization=org_id)
        self.assertEqual([w.slug for w in person.workspaces.list().workspaces], ["seen"])
        self.assertEqual(person.organization_id, org_id)
        self.assertEqual(person.organization.get().organization.name, "Py Sessions")
        # Without an organization a session is not an API key: the API asks which organization.
        with self.assertRaises(AuthenticationError):
            Switchboard(BASE_URL, token).workspaces.list()


if __name__ == "__main__":
    unittest.main()
