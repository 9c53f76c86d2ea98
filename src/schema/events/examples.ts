/** Example subscriptions for GraphiQL (ids from the legacy sandbox's demo data). */

/** The Northwind newsletter's global id in the demo data (`legacy:List:["10001","20001"]`). */
export const DEMO_NEWSLETTER_LIST_ID = "bGVnYWN5Okxpc3Q6WyIxMDAwMSIsIjIwMDAxIl0";

/**
 * Live events of one list: run it, then add a subscriber to the list from another browser tab.
 * Not from another GraphiQL tab: GraphiQL runs one operation at a time for all its tabs (switching
 * tabs stops a running subscription, and a new tab's Run button stops it too).
 */
export const LIST_FEED_QUERY = `# Live events of Northwind's newsletter. Run this, then open
# this page in another browser tab (not GraphiQL's "+": its tabs
# share one run, and Run there stops this one) and run there
# (select the lines, Ctrl+/ uncomments them):
# mutation {
#   addSubscriber(input: {
#     listId: "${DEMO_NEWSLETTER_LIST_ID}"
#     email: "new.person@example.com", name: "New Person"
#   }) { __typename }
# }
# Its SubscribeEvent appears here.
subscription ListFeed($list: ID!) {
  listEvents(listId: $list) {
    __typename
    id
    listId
    emailAddress
    occurredAt
  }
}
`;

/** The variables of LIST_FEED_QUERY. */
export const LIST_FEED_VARIABLES = JSON.stringify({ list: DEMO_NEWSLETTER_LIST_ID }, null, 2);
