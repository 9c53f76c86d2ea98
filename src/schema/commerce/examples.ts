/** The commerce operation of GraphiQL's default document, beside the legacy `Overview`. */
export const STORE_QUERY = `query Store {
  store {
    segments { id segmentId name editable uses }
    coupons(first: 10) { totalCount edges { node { id couponId code details } } }
    customerList(listId: "cl_newsletter") {
      id
      listId
      subscribers(first: 37, status: SUBSCRIBED) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { cursor node { email status } }
      }
    }
  }
}`;
