/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type AddSubscriberInput = {
  /** At most 50 entries; see CustomFieldValueInput for the rules per data type. */
  customFields?: Array<CustomFieldValueInput> | null | undefined;
  /** At most 254 characters. */
  email: string;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
  /** Sent blank when omitted; replaces the name of an address already on the list. At most 200 characters. */
  name?: string | null | undefined;
  /** An unsubscribed, deleted, bounced or unconfirmed address becomes Active again instead of being refused (a suppressed address is still refused). */
  resubscribe?: boolean | null | undefined;
};

/** One of the two email-marketing backends behind the graph. */
export type Backend =
  /** The commerce REST interface (customer lists, segments, coupons). */
  | 'COMMERCE'
  /** The legacy list service (clients, lists, campaigns, templates). */
  | 'LEGACY';

/** Which listing of a customer list a member is in. */
export type CommerceSubscriberStatus =
  /** Subscribed but not yet opted in. */
  | 'PENDING'
  /** Subscribed (the default listing). */
  | 'SUBSCRIBED'
  /** Unsubscribed. */
  | 'UNSUBSCRIBED';

/** What a custom field holds. */
export type CustomFieldDataType =
  /** A country; options are generated (read back as MultiSelectOne). */
  | 'COUNTRY'
  /** A date (creation only; how the service reads it back is not documented). */
  | 'DATE'
  /** Any of several options per subscriber. */
  | 'MULTI_SELECT_MANY'
  /** One of several options per subscriber. */
  | 'MULTI_SELECT_ONE'
  /** A number value. */
  | 'NUMBER'
  /** A text value. */
  | 'TEXT'
  /** A US state; options are generated (read back as MultiSelectOne). */
  | 'US_STATE';

/** A value of one custom field of the list, checked against the list's fields before anything is sent (InputError naming `customFields[i].key` or `customFields[i].value` otherwise): the key must be one of the list's fields (CUSTOM_FIELD_KEY); a NUMBER field takes a plain decimal such as 42 or -3.5 (NUMBER); a DATE field a real date YYYY-MM-DD (DATE); a MULTI_SELECT_ONE, COUNTRY or US_STATE field one of its options, spelt as `CustomField.options` lists it (OPTION), in one entry (SINGLE_VALUE); a MULTI_SELECT_MANY field any of its options, one entry per option (DUPLICATE for a repeat); a TEXT field any text, in one entry. An empty value clears the field and must be its only entry. Fields not given keep their values; a field given replaces all its previous values. */
export type CustomFieldValueInput = {
  /** The field's key (CustomField.key; case and brackets optional). At most 102 characters. */
  key: string;
  /** At most 500 characters. */
  value: string;
};

/** Where a person stands on a list, in either backend. */
export type MembershipState =
  /** Legacy: Active. Commerce: subscribed. */
  | 'ACTIVE'
  /** Legacy: Bounced. */
  | 'BOUNCED'
  /** Legacy: Deleted. */
  | 'DELETED'
  /** Legacy: Unconfirmed. Commerce: pending (not yet opted in). */
  | 'PENDING'
  /** Unsubscribed. */
  | 'UNSUBSCRIBED';

export type ListFeedSubscriptionVariables = Exact<{
  list: string | number;
}>;


export type ListFeedSubscription = { listEvents:
    | { __typename: 'DeactivateEvent', id: string, listId: string, emailAddress: string, occurredAt: string }
    | { __typename: 'SubscribeEvent', id: string, listId: string, emailAddress: string, occurredAt: string }
    | { __typename: 'UpdateEvent', id: string, listId: string, emailAddress: string, occurredAt: string }
   };

export type OverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type OverviewQuery = { clients: Array<{ id: string, name: string } & ({ lists: Array<{ id: string, name: string, stats: { totalActiveSubscribers: number | null, totalUnsubscribes: number | null, totalBounced: number | null } | null, customFields: Array<{ key: string, fieldName: string, dataType: CustomFieldDataType | null, options: Array<string> }> | null }> | null } | { lists?: never }) & ({ campaigns: Array<{ id: string, subject: string, sentDate: string | null, summary: { recipients: number | null, uniqueOpened: number | null, clicks: number | null, bounced: number | null, unsubscribed: number | null } | null }> | null } | { campaigns?: never })> | null };

export type PersonQueryVariables = Exact<{ [key: string]: never; }>;


export type PersonQuery = { contact: { email: string, memberships: Array<{ backend: Backend, listId: string, state: MembershipState, list: { name: string } | null }>, failures: Array<{ backend: Backend, listId: string | null, code: string, message: string }> } | null };

export type StoreQueryVariables = Exact<{ [key: string]: never; }>;


export type StoreQuery = { store: { segments: Array<{ id: string, segmentId: string, name: string, editable: boolean, uses: Array<unknown> }> | null, coupons: { totalCount: number, edges: Array<{ node: { id: string, couponId: string, code: string, details: unknown } }> } | null, customerList: { id: string, listId: string, subscribers: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, status: CommerceSubscriberStatus } }> } | null } | null } };

export type SubscribeFormMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type SubscribeFormMutation = { addSubscriber:
    | { __typename: 'AddSubscriberSuccess', email: string }
    | { __typename: 'InputError', message: string }
    | { __typename: 'InvalidEmailError', message: string }
    | { __typename: 'ListNotFoundError', message: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError', message: string }
    | { __typename: 'UnexpectedResultError' }
   | null };


export const ListFeedDocument = {"__meta__":{"hash":"sha256:959c137381cf2e3bbc479dfd8fa3a69a94f16e8254c7cc6ea2d33b6ec11527b7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ListFeed"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"list"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"list"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"emailAddress"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}}]}}]}}]} as unknown as DocumentNode<ListFeedSubscription, ListFeedSubscriptionVariables>;
export const OverviewDocument = {"__meta__":{"hash":"sha256:acc1774719db34d86754240b41fbe4462fab8dca5ea522821a16482d02c0b545"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Overview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"InlineFragment","directives":[{"kind":"Directive","name":{"kind":"Name","value":"defer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"label"},"value":{"kind":"StringValue","value":"ClientDetails","block":false}}]}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}},{"kind":"Field","name":{"kind":"Name","value":"totalUnsubscribes"}},{"kind":"Field","name":{"kind":"Name","value":"totalBounced"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"fieldName"}},{"kind":"Field","name":{"kind":"Name","value":"dataType"}},{"kind":"Field","name":{"kind":"Name","value":"options"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"sentDate"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipients"}},{"kind":"Field","name":{"kind":"Name","value":"uniqueOpened"}},{"kind":"Field","name":{"kind":"Name","value":"clicks"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<OverviewQuery, OverviewQueryVariables>;
export const PersonDocument = {"__meta__":{"hash":"sha256:66b5ff39f0884e31230eb9bc579d6892a73a5f2773c0b80d71b63a27e177a8cc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Person"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"StringValue","value":"ada.lovelace@example.com","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"customerListIds"},"value":{"kind":"ListValue","values":[{"kind":"StringValue","value":"cl_newsletter","block":false},{"kind":"StringValue","value":"cl_vip","block":false}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<PersonQuery, PersonQueryVariables>;
export const StoreDocument = {"__meta__":{"hash":"sha256:2180753530ff5270f4cf0858e294cb2d115f884d06c82b0974dfd27c16d1aa0a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"segmentId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"editable"}},{"kind":"Field","name":{"kind":"Name","value":"uses"}}]}},{"kind":"Field","name":{"kind":"Name","value":"coupons"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"couponId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"details"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"37"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"SUBSCRIBED"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StoreQuery, StoreQueryVariables>;
export const SubscribeFormDocument = {"__meta__":{"hash":"sha256:b6b3fa26257479bc6938563f67d63ba29fef7d2543df72a791f48eea8b9c113d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubscribeForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InvalidEmailError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ListNotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriberSuppressedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SubscribeFormMutation, SubscribeFormMutationVariables>;