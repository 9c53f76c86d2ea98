/** Example operations of the cross-backend fields, for GraphiQL (names from the sandboxes' demo data). */

/** A person on both demo backends: Ada is active on the legacy newsletter and on two customer lists. */
export const PERSON_QUERY = `# One person across both backends: every legacy list of the account,
# and the customer lists named (the commerce backend has no lookup by email).
query Person {
  contact(email: "ada.lovelace@example.com", customerListIds: ["cl_newsletter", "cl_vip"]) {
    email
    memberships {
      backend
      listId
      state
      list {
        name
      }
    }
    failures {
      backend
      listId
      code
      message
    }
  }
}
`;
