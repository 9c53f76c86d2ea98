/** Example subscriptions for GraphiQL (ids from the legacy sandbox's demo data). */

/** The Northwind newsletter's global id in the demo data (`legacy:List:["10001","20001"]`). */
export const DEMO_NEWSLETTER_LIST_ID = "bGVnYWN5Okxpc3Q6WyIxMDAwMSIsIjIwMDAxIl0";

/** Live events of one list: open it, then run addSubscriber on that list in another tab. */
export const LIST_FEED_QUERY = `# Live events of one list: run this, then add a subscriber to the list in another tab.
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
