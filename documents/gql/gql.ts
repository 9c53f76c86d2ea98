/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "subscription ListFeed($list: ID!) {\n  listEvents(listId: $list) {\n    __typename\n    id\n    listId\n    emailAddress\n    occurredAt\n  }\n}": typeof types.ListFeedDocument,
    "query Overview {\n  clients {\n    id\n    name\n    ... @defer(label: \"ClientDetails\") {\n      lists {\n        id\n        name\n        stats {\n          totalActiveSubscribers\n          totalUnsubscribes\n          totalBounced\n        }\n        customFields {\n          key\n          fieldName\n          dataType\n          options\n        }\n      }\n      campaigns {\n        id\n        subject\n        sentDate\n        summary {\n          recipients\n          uniqueOpened\n          clicks\n          bounced\n          unsubscribed\n        }\n      }\n    }\n  }\n}": typeof types.OverviewDocument,
    "query Person {\n  contact(\n    email: \"ada.lovelace@example.com\"\n    customerListIds: [\"cl_newsletter\", \"cl_vip\"]\n  ) {\n    email\n    memberships {\n      backend\n      listId\n      state\n      list {\n        name\n      }\n    }\n    failures {\n      backend\n      listId\n      code\n      message\n    }\n  }\n}": typeof types.PersonDocument,
    "query Store {\n  store {\n    segments {\n      id\n      segmentId\n      name\n      editable\n      uses\n    }\n    coupons(first: 10) {\n      totalCount\n      edges {\n        node {\n          id\n          couponId\n          code\n          details\n        }\n      }\n    }\n    customerList(listId: \"cl_newsletter\") {\n      id\n      listId\n      subscribers(first: 37, status: SUBSCRIBED) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            email\n            status\n          }\n        }\n      }\n    }\n  }\n}": typeof types.StoreDocument,
    "mutation SubscribeForm($input: AddSubscriberInput!) {\n  addSubscriber(input: $input) {\n    __typename\n    ... on AddSubscriberSuccess {\n      email\n    }\n    ... on InputError {\n      message\n    }\n    ... on InvalidEmailError {\n      message\n    }\n    ... on ListNotFoundError {\n      message\n    }\n    ... on SubscriberSuppressedError {\n      message\n    }\n  }\n}": typeof types.SubscribeFormDocument,
};
const documents: Documents = {
    "subscription ListFeed($list: ID!) {\n  listEvents(listId: $list) {\n    __typename\n    id\n    listId\n    emailAddress\n    occurredAt\n  }\n}": types.ListFeedDocument,
    "query Overview {\n  clients {\n    id\n    name\n    ... @defer(label: \"ClientDetails\") {\n      lists {\n        id\n        name\n        stats {\n          totalActiveSubscribers\n          totalUnsubscribes\n          totalBounced\n        }\n        customFields {\n          key\n          fieldName\n          dataType\n          options\n        }\n      }\n      campaigns {\n        id\n        subject\n        sentDate\n        summary {\n          recipients\n          uniqueOpened\n          clicks\n          bounced\n          unsubscribed\n        }\n      }\n    }\n  }\n}": types.OverviewDocument,
    "query Person {\n  contact(\n    email: \"ada.lovelace@example.com\"\n    customerListIds: [\"cl_newsletter\", \"cl_vip\"]\n  ) {\n    email\n    memberships {\n      backend\n      listId\n      state\n      list {\n        name\n      }\n    }\n    failures {\n      backend\n      listId\n      code\n      message\n    }\n  }\n}": types.PersonDocument,
    "query Store {\n  store {\n    segments {\n      id\n      segmentId\n      name\n      editable\n      uses\n    }\n    coupons(first: 10) {\n      totalCount\n      edges {\n        node {\n          id\n          couponId\n          code\n          details\n        }\n      }\n    }\n    customerList(listId: \"cl_newsletter\") {\n      id\n      listId\n      subscribers(first: 37, status: SUBSCRIBED) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            email\n            status\n          }\n        }\n      }\n    }\n  }\n}": types.StoreDocument,
    "mutation SubscribeForm($input: AddSubscriberInput!) {\n  addSubscriber(input: $input) {\n    __typename\n    ... on AddSubscriberSuccess {\n      email\n    }\n    ... on InputError {\n      message\n    }\n    ... on InvalidEmailError {\n      message\n    }\n    ... on ListNotFoundError {\n      message\n    }\n    ... on SubscriberSuppressedError {\n      message\n    }\n  }\n}": types.SubscribeFormDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription ListFeed($list: ID!) {\n  listEvents(listId: $list) {\n    __typename\n    id\n    listId\n    emailAddress\n    occurredAt\n  }\n}"): (typeof documents)["subscription ListFeed($list: ID!) {\n  listEvents(listId: $list) {\n    __typename\n    id\n    listId\n    emailAddress\n    occurredAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Overview {\n  clients {\n    id\n    name\n    ... @defer(label: \"ClientDetails\") {\n      lists {\n        id\n        name\n        stats {\n          totalActiveSubscribers\n          totalUnsubscribes\n          totalBounced\n        }\n        customFields {\n          key\n          fieldName\n          dataType\n          options\n        }\n      }\n      campaigns {\n        id\n        subject\n        sentDate\n        summary {\n          recipients\n          uniqueOpened\n          clicks\n          bounced\n          unsubscribed\n        }\n      }\n    }\n  }\n}"): (typeof documents)["query Overview {\n  clients {\n    id\n    name\n    ... @defer(label: \"ClientDetails\") {\n      lists {\n        id\n        name\n        stats {\n          totalActiveSubscribers\n          totalUnsubscribes\n          totalBounced\n        }\n        customFields {\n          key\n          fieldName\n          dataType\n          options\n        }\n      }\n      campaigns {\n        id\n        subject\n        sentDate\n        summary {\n          recipients\n          uniqueOpened\n          clicks\n          bounced\n          unsubscribed\n        }\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Person {\n  contact(\n    email: \"ada.lovelace@example.com\"\n    customerListIds: [\"cl_newsletter\", \"cl_vip\"]\n  ) {\n    email\n    memberships {\n      backend\n      listId\n      state\n      list {\n        name\n      }\n    }\n    failures {\n      backend\n      listId\n      code\n      message\n    }\n  }\n}"): (typeof documents)["query Person {\n  contact(\n    email: \"ada.lovelace@example.com\"\n    customerListIds: [\"cl_newsletter\", \"cl_vip\"]\n  ) {\n    email\n    memberships {\n      backend\n      listId\n      state\n      list {\n        name\n      }\n    }\n    failures {\n      backend\n      listId\n      code\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Store {\n  store {\n    segments {\n      id\n      segmentId\n      name\n      editable\n      uses\n    }\n    coupons(first: 10) {\n      totalCount\n      edges {\n        node {\n          id\n          couponId\n          code\n          details\n        }\n      }\n    }\n    customerList(listId: \"cl_newsletter\") {\n      id\n      listId\n      subscribers(first: 37, status: SUBSCRIBED) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            email\n            status\n          }\n        }\n      }\n    }\n  }\n}"): (typeof documents)["query Store {\n  store {\n    segments {\n      id\n      segmentId\n      name\n      editable\n      uses\n    }\n    coupons(first: 10) {\n      totalCount\n      edges {\n        node {\n          id\n          couponId\n          code\n          details\n        }\n      }\n    }\n    customerList(listId: \"cl_newsletter\") {\n      id\n      listId\n      subscribers(first: 37, status: SUBSCRIBED) {\n        totalCount\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        edges {\n          cursor\n          node {\n            email\n            status\n          }\n        }\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubscribeForm($input: AddSubscriberInput!) {\n  addSubscriber(input: $input) {\n    __typename\n    ... on AddSubscriberSuccess {\n      email\n    }\n    ... on InputError {\n      message\n    }\n    ... on InvalidEmailError {\n      message\n    }\n    ... on ListNotFoundError {\n      message\n    }\n    ... on SubscriberSuppressedError {\n      message\n    }\n  }\n}"): (typeof documents)["mutation SubscribeForm($input: AddSubscriberInput!) {\n  addSubscriber(input: $input) {\n    __typename\n    ... on AddSubscriberSuccess {\n      email\n    }\n    ... on InputError {\n      message\n    }\n    ... on InvalidEmailError {\n      message\n    }\n    ... on ListNotFoundError {\n      message\n    }\n    ... on SubscriberSuppressedError {\n      message\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;