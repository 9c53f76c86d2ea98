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
    "\n  query ManySubscribers($newsletter: ID!, $vip: ID!, $a: String!, $b: String!, $c: String!, $d: String!) {\n    newsletter: list(id: $newsletter) {\n      a: subscriber(email: $a) { email }\n      b: subscriber(email: $b) { email }\n      c: subscriber(email: $c) { email }\n      activeSubscribers(first: 1) { totalCount }\n    }\n    vip: list(id: $vip) {\n      d: subscriber(email: $d) { email }\n    }\n  }\n": typeof types.ManySubscribersDocument,
    "\n  query SubscriberTwice($node: ID!, $list: ID!, $email: String!) {\n    node(id: $node) { ... on Subscriber { email name } }\n    list(id: $list) { subscriber(email: $email) { email } }\n  }\n": typeof types.SubscriberTwiceDocument,
    "\n  query StatsOfEveryList {\n    clients { lists { stats { totalActiveSubscribers } customFields { key } } }\n  }\n": typeof types.StatsOfEveryListDocument,
    "\n  query CredentialsClientsAndLists { clients { name lists { name } } }\n": typeof types.CredentialsClientsAndListsDocument,
    "\n  mutation CredentialsCreateClient($input: CreateClientInput!) {\n    createClient(input: $input) { __typename ... on CreateClientSuccess { clientId client { name } } }\n  }\n": typeof types.CredentialsCreateClientDocument,
    "\n  query Everything($client: ID!, $list: ID!, $template: ID!) {\n    clients { id }\n    client(id: $client) { name }\n    list(id: $list) { name }\n    template(id: $template) { name }\n  }\n": typeof types.EverythingDocument,
    "\n  query FailureOverview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers } }\n      campaigns { id subject summary { recipients } }\n    }\n  }\n": typeof types.FailureOverviewDocument,
    "\n  mutation FailureAddOne($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename }\n  }\n": typeof types.FailureAddOneDocument,
    "\n  query FailureKeyScope($garbage: ID!) {\n    clients { id }\n    node(id: $garbage) { id }\n  }\n": typeof types.FailureKeyScopeDocument,
    "\n  mutation FailureAddChecked($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename ... on InputError { field rule } }\n  }\n": typeof types.FailureAddCheckedDocument,
    "\n  query LimitedNodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }\n": typeof types.LimitedNodesDocument,
    "\n  query SubscriberByEmail($id: ID!, $email: String!) { list(id: $id) { subscriber(email: $email) { email } } }\n": typeof types.SubscriberByEmailDocument,
    "\n  query ClientForm { countries timeZones }\n": typeof types.ClientFormDocument,
    "\n  query SegmentIds($id: ID!) { client(id: $id) { segments { id name listId } } }\n": typeof types.SegmentIdsDocument,
    "\n  query SegmentNode($id: ID!) { node(id: $id) { __typename id ... on Segment { name listId } } }\n": typeof types.SegmentNodeDocument,
    "\n  query SubscriberNode($id: ID!) { node(id: $id) { __typename id ... on Subscriber { email state } } }\n": typeof types.SubscriberNodeDocument,
    "\n  query MainClientNames { clients { name } }\n": typeof types.MainClientNamesDocument,
    "\n    mutation OutcomeAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeAddSubscriberDocument,
    "\n    mutation OutcomeUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeUnsubscribeDocument,
    "\n    mutation OutcomeCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeCreateListDocument,
    "\n    mutation OutcomeUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeUpdateListDocument,
    "\n    mutation OutcomeCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeCreateCustomFieldDocument,
    "\n    mutation OutcomeDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeDeleteCustomFieldDocument,
    "\n    mutation OutcomeCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeCreateClientDocument,
    "\n    mutation OutcomeUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeUpdateClientBasicsDocument,
    "\n    mutation OutcomeUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeUpdateAccessDocument,
    "\n    mutation OutcomeSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeSendCampaignDocument,
    "\n    mutation OutcomeUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": typeof types.OutcomeUpdateTemplateDocument,
    "\n  mutation SendCampaign($input: SendCampaignInput!) {\n    sendCampaign(input: $input) {\n      __typename\n      ... on SendCampaignSuccess { campaignId immediately scheduledFor client { id } }\n      ... on LegacyError { code reason operation }\n      ... on OwnershipError { field ownershipRule message }\n    }\n  }\n": typeof types.SendCampaignDocument,
    "\n  query SentCampaigns($id: ID!) { client(id: $id) { campaigns { campaignId sentDate } } }\n": typeof types.SentCampaignsDocument,
    "\n  mutation UpdateTemplate($input: UpdateTemplateInput!) {\n    updateTemplate(input: $input) {\n      __typename\n      ... on UpdateTemplateSuccess { templateId template { id name previewUrl screenshotUrl } }\n      ... on LegacyError { code reason }\n      ... on InputError { field rule }\n    }\n  }\n": typeof types.UpdateTemplateDocument,
    "\n  mutation CreateClient($input: CreateClientInput!) {\n    createClient(input: $input) {\n      __typename\n      ... on CreateClientSuccess { clientId client { id name accessAndBilling { accessLevel } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": typeof types.CreateClientDocument,
    "\n  mutation UpdateClientBasics($input: UpdateClientBasicsInput!) {\n    updateClientBasics(input: $input) {\n      __typename\n      ... on UpdateClientBasicsSuccess { clientId client { name basicDetails { contactName timeZone utcOffsetMinutes } } }\n      ... on LegacyError { code reason }\n    }\n  }\n": typeof types.UpdateClientBasicsDocument,
    "\n  mutation UpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n    updateClientAccessAndBilling(input: $input) {\n      __typename\n      ... on UpdateClientAccessAndBillingSuccess {\n        clientId\n        client { accessAndBilling { accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee } }\n      }\n      ... on LegacyError { code reason }\n    }\n  }\n": typeof types.UpdateAccessDocument,
    "\n  mutation CreateList($input: CreateListInput!) {\n    createList(input: $input) {\n      __typename\n      ... on CreateListSuccess { listId list { id name client { id } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": typeof types.CreateListDocument,
    "\n  mutation UpdateList($input: UpdateListInput!) {\n    updateList(input: $input) {\n      __typename\n      ... on UpdateListSuccess { listId list { id name } }\n      ... on LegacyError { code reason }\n    }\n  }\n": typeof types.UpdateListDocument,
    "\n  query ListsOf($id: ID!) { client(id: $id) { lists { id name } } }\n": typeof types.ListsOfDocument,
    "\n  mutation RenameAndCreate($update: UpdateListInput!, $create: CreateListInput!) {\n    updateList(input: $update) { __typename ... on UpdateListSuccess { list { name client { lists { name } } } } }\n    createList(input: $create) { __typename ... on CreateListSuccess { list { name client { lists { name } } } } }\n  }\n": typeof types.RenameAndCreateDocument,
    "\n  mutation CreateCustomField($input: CreateCustomFieldInput!) {\n    createCustomField(input: $input) {\n      __typename\n      ... on CreateCustomFieldSuccess { list { id } customField { key fieldName dataType options } }\n      ... on LegacyError { code reason }\n    }\n  }\n": typeof types.CreateCustomFieldDocument,
    "\n  mutation DeleteCustomField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) {\n      __typename\n      ... on DeleteCustomFieldSuccess { key list { customFields { key } } }\n      ... on LegacyError { code reason }\n    }\n  }\n": typeof types.DeleteCustomFieldDocument,
    "\n  mutation AddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess {\n        email resubscribe\n        list { id stats { totalActiveSubscribers } }\n        subscriber { email name state customFields { key value } }\n      }\n      ... on LegacyError { code reason message operation }\n      ... on InputError { field rule message }\n    }\n  }\n": typeof types.AddSubscriberDocument,
    "\n  mutation AddTwice($first: AddSubscriberInput!, $second: AddSubscriberInput!) {\n    first: addSubscriber(input: $first) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n    second: addSubscriber(input: $second) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n  }\n": typeof types.AddTwiceDocument,
    "\n  mutation Unsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) {\n      __typename\n      ... on UnsubscribeSuccess { email list { id } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": typeof types.UnsubscribeDocument,
    "\n  query Overview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }\n              customFields { key fieldName dataType options } }\n      campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }\n    }\n  }\n": typeof types.OverviewDocument,
    "\n  mutation OwnedAddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess { subscriber { customFields { key value } } }\n      ... on OwnershipError { field ownershipRule message }\n      ... on InputError { field rule message issues { field rule } }\n      ... on LegacyError { code }\n    }\n  }\n": typeof types.OwnedAddSubscriberDocument,
    "\n  mutation OwnedUnsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": typeof types.OwnedUnsubscribeDocument,
    "\n  mutation OwnedUpdateList($input: UpdateListInput!) {\n    updateList(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": typeof types.OwnedUpdateListDocument,
    "\n  mutation OwnedDeleteField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": typeof types.OwnedDeleteFieldDocument,
    "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      id\n      clientId\n      name\n      basicDetails { companyName contactName emailAddress country timeZone utcOffsetMinutes }\n      accessAndBilling {\n        accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee\n      }\n      segments { id name listId list { id name } }\n      templates { id templateId name previewUrl screenshotUrl }\n    }\n  }\n": typeof types.ClientDetailDocument,
    "\n  query ListDetail($id: ID!, $first: Int, $after: String) {\n    list(id: $id) {\n      id listId name\n      client { id name }\n      stats {\n        totalActiveSubscribers totalUnsubscribes totalDeleted totalBounced\n        newActiveSubscribers { today yesterday thisWeek thisMonth thisYear }\n        unsubscribes { thisYear } deleted { thisYear } bounced { thisYear }\n      }\n      customFields { key fieldName dataType options }\n      activeSubscribers(first: $first, after: $after) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n        edges { cursor node { id email name date state customFields { key value } list { id } } }\n      }\n    }\n  }\n": typeof types.ListDetailDocument,
    "\n  query SubscribersSince($id: ID!, $since: LocalDateTime, $last: Int, $before: String) {\n    list(id: $id) {\n      activeSubscribers(since: $since, last: $last, before: $before) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage }\n        edges { node { email date } }\n      }\n    }\n  }\n": typeof types.SubscribersSinceDocument,
    "\n  query OneSubscriber($id: ID!, $email: String!) {\n    list(id: $id) { subscriber(email: $email) { id email state name } }\n  }\n": typeof types.OneSubscriberDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id campaignId subject name sentDate totalRecipients\n      client { id }\n      summary { recipients totalOpened uniqueOpened clicks unsubscribed bounced }\n      lists { id name }\n      bounces(first: 500) { totalCount edges { node { email listId bounceType list { id } } } }\n      opens(first: 500) { totalCount edges { node { email listId numberOfOpens } } }\n      unsubscribes(first: 500) { totalCount edges { node { email listId list { name } } } }\n    }\n  }\n": typeof types.CampaignDetailDocument,
    "\n  query CampaignRecordsPage($id: ID!, $first: Int!, $bounces: String, $opens: String, $unsubscribes: String) {\n    campaign(id: $id) {\n      bounces(first: $first, after: $bounces) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n      opens(first: $first, after: $opens) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId list { id } } }\n      }\n      unsubscribes(first: $first, after: $unsubscribes) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n    }\n  }\n": typeof types.CampaignRecordsPageDocument,
    "\n  query TemplateDetail($id: ID!) {\n    template(id: $id) { id templateId name previewUrl screenshotUrl }\n  }\n": typeof types.TemplateDetailDocument,
    "\n  query Nodes($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      __typename id\n      ... on Client { name }\n      ... on List { name }\n      ... on Segment { name }\n      ... on Campaign { subject }\n      ... on Subscriber { email }\n      ... on Template { templateId }\n    }\n  }\n": typeof types.NodesDocument,
    "\n  query OneNode($id: ID!) { node(id: $id) { __typename id } }\n": typeof types.OneNodeDocument,
    "\n  query Lookups($client: ID!, $list: ID!, $campaign: ID!, $template: ID!) {\n    client(id: $client) { id }\n    list(id: $list) { id }\n    campaign(id: $campaign) { id }\n    template(id: $template) { id }\n  }\n": typeof types.LookupsDocument,
    "\n    mutation ValidateAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateAddSubscriberDocument,
    "\n    mutation ValidateUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateUnsubscribeDocument,
    "\n    mutation ValidateCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateCreateListDocument,
    "\n    mutation ValidateUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateUpdateListDocument,
    "\n    mutation ValidateCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateCreateCustomFieldDocument,
    "\n    mutation ValidateDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateDeleteCustomFieldDocument,
    "\n    mutation ValidateCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateCreateClientDocument,
    "\n    mutation ValidateUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateUpdateClientBasicsDocument,
    "\n    mutation ValidateUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateUpdateAccessDocument,
    "\n    mutation ValidateSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateSendCampaignDocument,
    "\n    mutation ValidateUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": typeof types.ValidateUpdateTemplateDocument,
};
const documents: Documents = {
    "\n  query ManySubscribers($newsletter: ID!, $vip: ID!, $a: String!, $b: String!, $c: String!, $d: String!) {\n    newsletter: list(id: $newsletter) {\n      a: subscriber(email: $a) { email }\n      b: subscriber(email: $b) { email }\n      c: subscriber(email: $c) { email }\n      activeSubscribers(first: 1) { totalCount }\n    }\n    vip: list(id: $vip) {\n      d: subscriber(email: $d) { email }\n    }\n  }\n": types.ManySubscribersDocument,
    "\n  query SubscriberTwice($node: ID!, $list: ID!, $email: String!) {\n    node(id: $node) { ... on Subscriber { email name } }\n    list(id: $list) { subscriber(email: $email) { email } }\n  }\n": types.SubscriberTwiceDocument,
    "\n  query StatsOfEveryList {\n    clients { lists { stats { totalActiveSubscribers } customFields { key } } }\n  }\n": types.StatsOfEveryListDocument,
    "\n  query CredentialsClientsAndLists { clients { name lists { name } } }\n": types.CredentialsClientsAndListsDocument,
    "\n  mutation CredentialsCreateClient($input: CreateClientInput!) {\n    createClient(input: $input) { __typename ... on CreateClientSuccess { clientId client { name } } }\n  }\n": types.CredentialsCreateClientDocument,
    "\n  query Everything($client: ID!, $list: ID!, $template: ID!) {\n    clients { id }\n    client(id: $client) { name }\n    list(id: $list) { name }\n    template(id: $template) { name }\n  }\n": types.EverythingDocument,
    "\n  query FailureOverview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers } }\n      campaigns { id subject summary { recipients } }\n    }\n  }\n": types.FailureOverviewDocument,
    "\n  mutation FailureAddOne($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename }\n  }\n": types.FailureAddOneDocument,
    "\n  query FailureKeyScope($garbage: ID!) {\n    clients { id }\n    node(id: $garbage) { id }\n  }\n": types.FailureKeyScopeDocument,
    "\n  mutation FailureAddChecked($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename ... on InputError { field rule } }\n  }\n": types.FailureAddCheckedDocument,
    "\n  query LimitedNodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }\n": types.LimitedNodesDocument,
    "\n  query SubscriberByEmail($id: ID!, $email: String!) { list(id: $id) { subscriber(email: $email) { email } } }\n": types.SubscriberByEmailDocument,
    "\n  query ClientForm { countries timeZones }\n": types.ClientFormDocument,
    "\n  query SegmentIds($id: ID!) { client(id: $id) { segments { id name listId } } }\n": types.SegmentIdsDocument,
    "\n  query SegmentNode($id: ID!) { node(id: $id) { __typename id ... on Segment { name listId } } }\n": types.SegmentNodeDocument,
    "\n  query SubscriberNode($id: ID!) { node(id: $id) { __typename id ... on Subscriber { email state } } }\n": types.SubscriberNodeDocument,
    "\n  query MainClientNames { clients { name } }\n": types.MainClientNamesDocument,
    "\n    mutation OutcomeAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeAddSubscriberDocument,
    "\n    mutation OutcomeUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeUnsubscribeDocument,
    "\n    mutation OutcomeCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeCreateListDocument,
    "\n    mutation OutcomeUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeUpdateListDocument,
    "\n    mutation OutcomeCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeCreateCustomFieldDocument,
    "\n    mutation OutcomeDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeDeleteCustomFieldDocument,
    "\n    mutation OutcomeCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeCreateClientDocument,
    "\n    mutation OutcomeUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeUpdateClientBasicsDocument,
    "\n    mutation OutcomeUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeUpdateAccessDocument,
    "\n    mutation OutcomeSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeSendCampaignDocument,
    "\n    mutation OutcomeUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  ": types.OutcomeUpdateTemplateDocument,
    "\n  mutation SendCampaign($input: SendCampaignInput!) {\n    sendCampaign(input: $input) {\n      __typename\n      ... on SendCampaignSuccess { campaignId immediately scheduledFor client { id } }\n      ... on LegacyError { code reason operation }\n      ... on OwnershipError { field ownershipRule message }\n    }\n  }\n": types.SendCampaignDocument,
    "\n  query SentCampaigns($id: ID!) { client(id: $id) { campaigns { campaignId sentDate } } }\n": types.SentCampaignsDocument,
    "\n  mutation UpdateTemplate($input: UpdateTemplateInput!) {\n    updateTemplate(input: $input) {\n      __typename\n      ... on UpdateTemplateSuccess { templateId template { id name previewUrl screenshotUrl } }\n      ... on LegacyError { code reason }\n      ... on InputError { field rule }\n    }\n  }\n": types.UpdateTemplateDocument,
    "\n  mutation CreateClient($input: CreateClientInput!) {\n    createClient(input: $input) {\n      __typename\n      ... on CreateClientSuccess { clientId client { id name accessAndBilling { accessLevel } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": types.CreateClientDocument,
    "\n  mutation UpdateClientBasics($input: UpdateClientBasicsInput!) {\n    updateClientBasics(input: $input) {\n      __typename\n      ... on UpdateClientBasicsSuccess { clientId client { name basicDetails { contactName timeZone utcOffsetMinutes } } }\n      ... on LegacyError { code reason }\n    }\n  }\n": types.UpdateClientBasicsDocument,
    "\n  mutation UpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n    updateClientAccessAndBilling(input: $input) {\n      __typename\n      ... on UpdateClientAccessAndBillingSuccess {\n        clientId\n        client { accessAndBilling { accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee } }\n      }\n      ... on LegacyError { code reason }\n    }\n  }\n": types.UpdateAccessDocument,
    "\n  mutation CreateList($input: CreateListInput!) {\n    createList(input: $input) {\n      __typename\n      ... on CreateListSuccess { listId list { id name client { id } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": types.CreateListDocument,
    "\n  mutation UpdateList($input: UpdateListInput!) {\n    updateList(input: $input) {\n      __typename\n      ... on UpdateListSuccess { listId list { id name } }\n      ... on LegacyError { code reason }\n    }\n  }\n": types.UpdateListDocument,
    "\n  query ListsOf($id: ID!) { client(id: $id) { lists { id name } } }\n": types.ListsOfDocument,
    "\n  mutation RenameAndCreate($update: UpdateListInput!, $create: CreateListInput!) {\n    updateList(input: $update) { __typename ... on UpdateListSuccess { list { name client { lists { name } } } } }\n    createList(input: $create) { __typename ... on CreateListSuccess { list { name client { lists { name } } } } }\n  }\n": types.RenameAndCreateDocument,
    "\n  mutation CreateCustomField($input: CreateCustomFieldInput!) {\n    createCustomField(input: $input) {\n      __typename\n      ... on CreateCustomFieldSuccess { list { id } customField { key fieldName dataType options } }\n      ... on LegacyError { code reason }\n    }\n  }\n": types.CreateCustomFieldDocument,
    "\n  mutation DeleteCustomField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) {\n      __typename\n      ... on DeleteCustomFieldSuccess { key list { customFields { key } } }\n      ... on LegacyError { code reason }\n    }\n  }\n": types.DeleteCustomFieldDocument,
    "\n  mutation AddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess {\n        email resubscribe\n        list { id stats { totalActiveSubscribers } }\n        subscriber { email name state customFields { key value } }\n      }\n      ... on LegacyError { code reason message operation }\n      ... on InputError { field rule message }\n    }\n  }\n": types.AddSubscriberDocument,
    "\n  mutation AddTwice($first: AddSubscriberInput!, $second: AddSubscriberInput!) {\n    first: addSubscriber(input: $first) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n    second: addSubscriber(input: $second) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n  }\n": types.AddTwiceDocument,
    "\n  mutation Unsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) {\n      __typename\n      ... on UnsubscribeSuccess { email list { id } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n": types.UnsubscribeDocument,
    "\n  query Overview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }\n              customFields { key fieldName dataType options } }\n      campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }\n    }\n  }\n": types.OverviewDocument,
    "\n  mutation OwnedAddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess { subscriber { customFields { key value } } }\n      ... on OwnershipError { field ownershipRule message }\n      ... on InputError { field rule message issues { field rule } }\n      ... on LegacyError { code }\n    }\n  }\n": types.OwnedAddSubscriberDocument,
    "\n  mutation OwnedUnsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": types.OwnedUnsubscribeDocument,
    "\n  mutation OwnedUpdateList($input: UpdateListInput!) {\n    updateList(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": types.OwnedUpdateListDocument,
    "\n  mutation OwnedDeleteField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n": types.OwnedDeleteFieldDocument,
    "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      id\n      clientId\n      name\n      basicDetails { companyName contactName emailAddress country timeZone utcOffsetMinutes }\n      accessAndBilling {\n        accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee\n      }\n      segments { id name listId list { id name } }\n      templates { id templateId name previewUrl screenshotUrl }\n    }\n  }\n": types.ClientDetailDocument,
    "\n  query ListDetail($id: ID!, $first: Int, $after: String) {\n    list(id: $id) {\n      id listId name\n      client { id name }\n      stats {\n        totalActiveSubscribers totalUnsubscribes totalDeleted totalBounced\n        newActiveSubscribers { today yesterday thisWeek thisMonth thisYear }\n        unsubscribes { thisYear } deleted { thisYear } bounced { thisYear }\n      }\n      customFields { key fieldName dataType options }\n      activeSubscribers(first: $first, after: $after) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n        edges { cursor node { id email name date state customFields { key value } list { id } } }\n      }\n    }\n  }\n": types.ListDetailDocument,
    "\n  query SubscribersSince($id: ID!, $since: LocalDateTime, $last: Int, $before: String) {\n    list(id: $id) {\n      activeSubscribers(since: $since, last: $last, before: $before) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage }\n        edges { node { email date } }\n      }\n    }\n  }\n": types.SubscribersSinceDocument,
    "\n  query OneSubscriber($id: ID!, $email: String!) {\n    list(id: $id) { subscriber(email: $email) { id email state name } }\n  }\n": types.OneSubscriberDocument,
    "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id campaignId subject name sentDate totalRecipients\n      client { id }\n      summary { recipients totalOpened uniqueOpened clicks unsubscribed bounced }\n      lists { id name }\n      bounces(first: 500) { totalCount edges { node { email listId bounceType list { id } } } }\n      opens(first: 500) { totalCount edges { node { email listId numberOfOpens } } }\n      unsubscribes(first: 500) { totalCount edges { node { email listId list { name } } } }\n    }\n  }\n": types.CampaignDetailDocument,
    "\n  query CampaignRecordsPage($id: ID!, $first: Int!, $bounces: String, $opens: String, $unsubscribes: String) {\n    campaign(id: $id) {\n      bounces(first: $first, after: $bounces) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n      opens(first: $first, after: $opens) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId list { id } } }\n      }\n      unsubscribes(first: $first, after: $unsubscribes) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n    }\n  }\n": types.CampaignRecordsPageDocument,
    "\n  query TemplateDetail($id: ID!) {\n    template(id: $id) { id templateId name previewUrl screenshotUrl }\n  }\n": types.TemplateDetailDocument,
    "\n  query Nodes($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      __typename id\n      ... on Client { name }\n      ... on List { name }\n      ... on Segment { name }\n      ... on Campaign { subject }\n      ... on Subscriber { email }\n      ... on Template { templateId }\n    }\n  }\n": types.NodesDocument,
    "\n  query OneNode($id: ID!) { node(id: $id) { __typename id } }\n": types.OneNodeDocument,
    "\n  query Lookups($client: ID!, $list: ID!, $campaign: ID!, $template: ID!) {\n    client(id: $client) { id }\n    list(id: $list) { id }\n    campaign(id: $campaign) { id }\n    template(id: $template) { id }\n  }\n": types.LookupsDocument,
    "\n    mutation ValidateAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateAddSubscriberDocument,
    "\n    mutation ValidateUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateUnsubscribeDocument,
    "\n    mutation ValidateCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateCreateListDocument,
    "\n    mutation ValidateUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateUpdateListDocument,
    "\n    mutation ValidateCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateCreateCustomFieldDocument,
    "\n    mutation ValidateDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateDeleteCustomFieldDocument,
    "\n    mutation ValidateCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateCreateClientDocument,
    "\n    mutation ValidateUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateUpdateClientBasicsDocument,
    "\n    mutation ValidateUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateUpdateAccessDocument,
    "\n    mutation ValidateSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateSendCampaignDocument,
    "\n    mutation ValidateUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  ": types.ValidateUpdateTemplateDocument,
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
export function graphql(source: "\n  query ManySubscribers($newsletter: ID!, $vip: ID!, $a: String!, $b: String!, $c: String!, $d: String!) {\n    newsletter: list(id: $newsletter) {\n      a: subscriber(email: $a) { email }\n      b: subscriber(email: $b) { email }\n      c: subscriber(email: $c) { email }\n      activeSubscribers(first: 1) { totalCount }\n    }\n    vip: list(id: $vip) {\n      d: subscriber(email: $d) { email }\n    }\n  }\n"): (typeof documents)["\n  query ManySubscribers($newsletter: ID!, $vip: ID!, $a: String!, $b: String!, $c: String!, $d: String!) {\n    newsletter: list(id: $newsletter) {\n      a: subscriber(email: $a) { email }\n      b: subscriber(email: $b) { email }\n      c: subscriber(email: $c) { email }\n      activeSubscribers(first: 1) { totalCount }\n    }\n    vip: list(id: $vip) {\n      d: subscriber(email: $d) { email }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriberTwice($node: ID!, $list: ID!, $email: String!) {\n    node(id: $node) { ... on Subscriber { email name } }\n    list(id: $list) { subscriber(email: $email) { email } }\n  }\n"): (typeof documents)["\n  query SubscriberTwice($node: ID!, $list: ID!, $email: String!) {\n    node(id: $node) { ... on Subscriber { email name } }\n    list(id: $list) { subscriber(email: $email) { email } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StatsOfEveryList {\n    clients { lists { stats { totalActiveSubscribers } customFields { key } } }\n  }\n"): (typeof documents)["\n  query StatsOfEveryList {\n    clients { lists { stats { totalActiveSubscribers } customFields { key } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CredentialsClientsAndLists { clients { name lists { name } } }\n"): (typeof documents)["\n  query CredentialsClientsAndLists { clients { name lists { name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CredentialsCreateClient($input: CreateClientInput!) {\n    createClient(input: $input) { __typename ... on CreateClientSuccess { clientId client { name } } }\n  }\n"): (typeof documents)["\n  mutation CredentialsCreateClient($input: CreateClientInput!) {\n    createClient(input: $input) { __typename ... on CreateClientSuccess { clientId client { name } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Everything($client: ID!, $list: ID!, $template: ID!) {\n    clients { id }\n    client(id: $client) { name }\n    list(id: $list) { name }\n    template(id: $template) { name }\n  }\n"): (typeof documents)["\n  query Everything($client: ID!, $list: ID!, $template: ID!) {\n    clients { id }\n    client(id: $client) { name }\n    list(id: $list) { name }\n    template(id: $template) { name }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailureOverview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers } }\n      campaigns { id subject summary { recipients } }\n    }\n  }\n"): (typeof documents)["\n  query FailureOverview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers } }\n      campaigns { id subject summary { recipients } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FailureAddOne($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename }\n  }\n"): (typeof documents)["\n  mutation FailureAddOne($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FailureKeyScope($garbage: ID!) {\n    clients { id }\n    node(id: $garbage) { id }\n  }\n"): (typeof documents)["\n  query FailureKeyScope($garbage: ID!) {\n    clients { id }\n    node(id: $garbage) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FailureAddChecked($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename ... on InputError { field rule } }\n  }\n"): (typeof documents)["\n  mutation FailureAddChecked($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) { __typename ... on InputError { field rule } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LimitedNodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }\n"): (typeof documents)["\n  query LimitedNodes($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriberByEmail($id: ID!, $email: String!) { list(id: $id) { subscriber(email: $email) { email } } }\n"): (typeof documents)["\n  query SubscriberByEmail($id: ID!, $email: String!) { list(id: $id) { subscriber(email: $email) { email } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientForm { countries timeZones }\n"): (typeof documents)["\n  query ClientForm { countries timeZones }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SegmentIds($id: ID!) { client(id: $id) { segments { id name listId } } }\n"): (typeof documents)["\n  query SegmentIds($id: ID!) { client(id: $id) { segments { id name listId } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SegmentNode($id: ID!) { node(id: $id) { __typename id ... on Segment { name listId } } }\n"): (typeof documents)["\n  query SegmentNode($id: ID!) { node(id: $id) { __typename id ... on Segment { name listId } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscriberNode($id: ID!) { node(id: $id) { __typename id ... on Subscriber { email state } } }\n"): (typeof documents)["\n  query SubscriberNode($id: ID!) { node(id: $id) { __typename id ... on Subscriber { email state } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MainClientNames { clients { name } }\n"): (typeof documents)["\n  query MainClientNames { clients { name } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation OutcomeUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "): (typeof documents)["\n    mutation OutcomeUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on LegacyError { code reason message operation } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendCampaign($input: SendCampaignInput!) {\n    sendCampaign(input: $input) {\n      __typename\n      ... on SendCampaignSuccess { campaignId immediately scheduledFor client { id } }\n      ... on LegacyError { code reason operation }\n      ... on OwnershipError { field ownershipRule message }\n    }\n  }\n"): (typeof documents)["\n  mutation SendCampaign($input: SendCampaignInput!) {\n    sendCampaign(input: $input) {\n      __typename\n      ... on SendCampaignSuccess { campaignId immediately scheduledFor client { id } }\n      ... on LegacyError { code reason operation }\n      ... on OwnershipError { field ownershipRule message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SentCampaigns($id: ID!) { client(id: $id) { campaigns { campaignId sentDate } } }\n"): (typeof documents)["\n  query SentCampaigns($id: ID!) { client(id: $id) { campaigns { campaignId sentDate } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTemplate($input: UpdateTemplateInput!) {\n    updateTemplate(input: $input) {\n      __typename\n      ... on UpdateTemplateSuccess { templateId template { id name previewUrl screenshotUrl } }\n      ... on LegacyError { code reason }\n      ... on InputError { field rule }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTemplate($input: UpdateTemplateInput!) {\n    updateTemplate(input: $input) {\n      __typename\n      ... on UpdateTemplateSuccess { templateId template { id name previewUrl screenshotUrl } }\n      ... on LegacyError { code reason }\n      ... on InputError { field rule }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClient($input: CreateClientInput!) {\n    createClient(input: $input) {\n      __typename\n      ... on CreateClientSuccess { clientId client { id name accessAndBilling { accessLevel } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateClient($input: CreateClientInput!) {\n    createClient(input: $input) {\n      __typename\n      ... on CreateClientSuccess { clientId client { id name accessAndBilling { accessLevel } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateClientBasics($input: UpdateClientBasicsInput!) {\n    updateClientBasics(input: $input) {\n      __typename\n      ... on UpdateClientBasicsSuccess { clientId client { name basicDetails { contactName timeZone utcOffsetMinutes } } }\n      ... on LegacyError { code reason }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateClientBasics($input: UpdateClientBasicsInput!) {\n    updateClientBasics(input: $input) {\n      __typename\n      ... on UpdateClientBasicsSuccess { clientId client { name basicDetails { contactName timeZone utcOffsetMinutes } } }\n      ... on LegacyError { code reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n    updateClientAccessAndBilling(input: $input) {\n      __typename\n      ... on UpdateClientAccessAndBillingSuccess {\n        clientId\n        client { accessAndBilling { accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee } }\n      }\n      ... on LegacyError { code reason }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n    updateClientAccessAndBilling(input: $input) {\n      __typename\n      ... on UpdateClientAccessAndBillingSuccess {\n        clientId\n        client { accessAndBilling { accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee } }\n      }\n      ... on LegacyError { code reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateList($input: CreateListInput!) {\n    createList(input: $input) {\n      __typename\n      ... on CreateListSuccess { listId list { id name client { id } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateList($input: CreateListInput!) {\n    createList(input: $input) {\n      __typename\n      ... on CreateListSuccess { listId list { id name client { id } } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateList($input: UpdateListInput!) {\n    updateList(input: $input) {\n      __typename\n      ... on UpdateListSuccess { listId list { id name } }\n      ... on LegacyError { code reason }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateList($input: UpdateListInput!) {\n    updateList(input: $input) {\n      __typename\n      ... on UpdateListSuccess { listId list { id name } }\n      ... on LegacyError { code reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListsOf($id: ID!) { client(id: $id) { lists { id name } } }\n"): (typeof documents)["\n  query ListsOf($id: ID!) { client(id: $id) { lists { id name } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RenameAndCreate($update: UpdateListInput!, $create: CreateListInput!) {\n    updateList(input: $update) { __typename ... on UpdateListSuccess { list { name client { lists { name } } } } }\n    createList(input: $create) { __typename ... on CreateListSuccess { list { name client { lists { name } } } } }\n  }\n"): (typeof documents)["\n  mutation RenameAndCreate($update: UpdateListInput!, $create: CreateListInput!) {\n    updateList(input: $update) { __typename ... on UpdateListSuccess { list { name client { lists { name } } } } }\n    createList(input: $create) { __typename ... on CreateListSuccess { list { name client { lists { name } } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCustomField($input: CreateCustomFieldInput!) {\n    createCustomField(input: $input) {\n      __typename\n      ... on CreateCustomFieldSuccess { list { id } customField { key fieldName dataType options } }\n      ... on LegacyError { code reason }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateCustomField($input: CreateCustomFieldInput!) {\n    createCustomField(input: $input) {\n      __typename\n      ... on CreateCustomFieldSuccess { list { id } customField { key fieldName dataType options } }\n      ... on LegacyError { code reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCustomField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) {\n      __typename\n      ... on DeleteCustomFieldSuccess { key list { customFields { key } } }\n      ... on LegacyError { code reason }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteCustomField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) {\n      __typename\n      ... on DeleteCustomFieldSuccess { key list { customFields { key } } }\n      ... on LegacyError { code reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess {\n        email resubscribe\n        list { id stats { totalActiveSubscribers } }\n        subscriber { email name state customFields { key value } }\n      }\n      ... on LegacyError { code reason message operation }\n      ... on InputError { field rule message }\n    }\n  }\n"): (typeof documents)["\n  mutation AddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess {\n        email resubscribe\n        list { id stats { totalActiveSubscribers } }\n        subscriber { email name state customFields { key value } }\n      }\n      ... on LegacyError { code reason message operation }\n      ... on InputError { field rule message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddTwice($first: AddSubscriberInput!, $second: AddSubscriberInput!) {\n    first: addSubscriber(input: $first) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n    second: addSubscriber(input: $second) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n  }\n"): (typeof documents)["\n  mutation AddTwice($first: AddSubscriberInput!, $second: AddSubscriberInput!) {\n    first: addSubscriber(input: $first) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n    second: addSubscriber(input: $second) { __typename ... on AddSubscriberSuccess { list { stats { totalActiveSubscribers } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Unsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) {\n      __typename\n      ... on UnsubscribeSuccess { email list { id } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"): (typeof documents)["\n  mutation Unsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) {\n      __typename\n      ... on UnsubscribeSuccess { email list { id } }\n      ... on LegacyError { code reason operation }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Overview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }\n              customFields { key fieldName dataType options } }\n      campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }\n    }\n  }\n"): (typeof documents)["\n  query Overview {\n    clients {\n      id name\n      lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }\n              customFields { key fieldName dataType options } }\n      campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OwnedAddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess { subscriber { customFields { key value } } }\n      ... on OwnershipError { field ownershipRule message }\n      ... on InputError { field rule message issues { field rule } }\n      ... on LegacyError { code }\n    }\n  }\n"): (typeof documents)["\n  mutation OwnedAddSubscriber($input: AddSubscriberInput!) {\n    addSubscriber(input: $input) {\n      __typename\n      ... on AddSubscriberSuccess { subscriber { customFields { key value } } }\n      ... on OwnershipError { field ownershipRule message }\n      ... on InputError { field rule message issues { field rule } }\n      ... on LegacyError { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OwnedUnsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"): (typeof documents)["\n  mutation OwnedUnsubscribe($input: UnsubscribeInput!) {\n    unsubscribe(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OwnedUpdateList($input: UpdateListInput!) {\n    updateList(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"): (typeof documents)["\n  mutation OwnedUpdateList($input: UpdateListInput!) {\n    updateList(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OwnedDeleteField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"): (typeof documents)["\n  mutation OwnedDeleteField($input: DeleteCustomFieldInput!) {\n    deleteCustomField(input: $input) { __typename ... on OwnershipError { field ownershipRule } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      id\n      clientId\n      name\n      basicDetails { companyName contactName emailAddress country timeZone utcOffsetMinutes }\n      accessAndBilling {\n        accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee\n      }\n      segments { id name listId list { id name } }\n      templates { id templateId name previewUrl screenshotUrl }\n    }\n  }\n"): (typeof documents)["\n  query ClientDetail($id: ID!) {\n    client(id: $id) {\n      id\n      clientId\n      name\n      basicDetails { companyName contactName emailAddress country timeZone utcOffsetMinutes }\n      accessAndBilling {\n        accessLevel permissions username billingType currency deliveryFee costPerRecipient designAndSpamTestFee\n      }\n      segments { id name listId list { id name } }\n      templates { id templateId name previewUrl screenshotUrl }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListDetail($id: ID!, $first: Int, $after: String) {\n    list(id: $id) {\n      id listId name\n      client { id name }\n      stats {\n        totalActiveSubscribers totalUnsubscribes totalDeleted totalBounced\n        newActiveSubscribers { today yesterday thisWeek thisMonth thisYear }\n        unsubscribes { thisYear } deleted { thisYear } bounced { thisYear }\n      }\n      customFields { key fieldName dataType options }\n      activeSubscribers(first: $first, after: $after) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n        edges { cursor node { id email name date state customFields { key value } list { id } } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ListDetail($id: ID!, $first: Int, $after: String) {\n    list(id: $id) {\n      id listId name\n      client { id name }\n      stats {\n        totalActiveSubscribers totalUnsubscribes totalDeleted totalBounced\n        newActiveSubscribers { today yesterday thisWeek thisMonth thisYear }\n        unsubscribes { thisYear } deleted { thisYear } bounced { thisYear }\n      }\n      customFields { key fieldName dataType options }\n      activeSubscribers(first: $first, after: $after) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n        edges { cursor node { id email name date state customFields { key value } list { id } } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubscribersSince($id: ID!, $since: LocalDateTime, $last: Int, $before: String) {\n    list(id: $id) {\n      activeSubscribers(since: $since, last: $last, before: $before) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage }\n        edges { node { email date } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SubscribersSince($id: ID!, $since: LocalDateTime, $last: Int, $before: String) {\n    list(id: $id) {\n      activeSubscribers(since: $since, last: $last, before: $before) {\n        totalCount\n        pageInfo { hasNextPage hasPreviousPage }\n        edges { node { email date } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OneSubscriber($id: ID!, $email: String!) {\n    list(id: $id) { subscriber(email: $email) { id email state name } }\n  }\n"): (typeof documents)["\n  query OneSubscriber($id: ID!, $email: String!) {\n    list(id: $id) { subscriber(email: $email) { id email state name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id campaignId subject name sentDate totalRecipients\n      client { id }\n      summary { recipients totalOpened uniqueOpened clicks unsubscribed bounced }\n      lists { id name }\n      bounces(first: 500) { totalCount edges { node { email listId bounceType list { id } } } }\n      opens(first: 500) { totalCount edges { node { email listId numberOfOpens } } }\n      unsubscribes(first: 500) { totalCount edges { node { email listId list { name } } } }\n    }\n  }\n"): (typeof documents)["\n  query CampaignDetail($id: ID!) {\n    campaign(id: $id) {\n      id campaignId subject name sentDate totalRecipients\n      client { id }\n      summary { recipients totalOpened uniqueOpened clicks unsubscribed bounced }\n      lists { id name }\n      bounces(first: 500) { totalCount edges { node { email listId bounceType list { id } } } }\n      opens(first: 500) { totalCount edges { node { email listId numberOfOpens } } }\n      unsubscribes(first: 500) { totalCount edges { node { email listId list { name } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CampaignRecordsPage($id: ID!, $first: Int!, $bounces: String, $opens: String, $unsubscribes: String) {\n    campaign(id: $id) {\n      bounces(first: $first, after: $bounces) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n      opens(first: $first, after: $opens) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId list { id } } }\n      }\n      unsubscribes(first: $first, after: $unsubscribes) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CampaignRecordsPage($id: ID!, $first: Int!, $bounces: String, $opens: String, $unsubscribes: String) {\n    campaign(id: $id) {\n      bounces(first: $first, after: $bounces) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n      opens(first: $first, after: $opens) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId list { id } } }\n      }\n      unsubscribes(first: $first, after: $unsubscribes) {\n        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { email listId } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TemplateDetail($id: ID!) {\n    template(id: $id) { id templateId name previewUrl screenshotUrl }\n  }\n"): (typeof documents)["\n  query TemplateDetail($id: ID!) {\n    template(id: $id) { id templateId name previewUrl screenshotUrl }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Nodes($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      __typename id\n      ... on Client { name }\n      ... on List { name }\n      ... on Segment { name }\n      ... on Campaign { subject }\n      ... on Subscriber { email }\n      ... on Template { templateId }\n    }\n  }\n"): (typeof documents)["\n  query Nodes($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      __typename id\n      ... on Client { name }\n      ... on List { name }\n      ... on Segment { name }\n      ... on Campaign { subject }\n      ... on Subscriber { email }\n      ... on Template { templateId }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OneNode($id: ID!) { node(id: $id) { __typename id } }\n"): (typeof documents)["\n  query OneNode($id: ID!) { node(id: $id) { __typename id } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Lookups($client: ID!, $list: ID!, $campaign: ID!, $template: ID!) {\n    client(id: $client) { id }\n    list(id: $list) { id }\n    campaign(id: $campaign) { id }\n    template(id: $template) { id }\n  }\n"): (typeof documents)["\n  query Lookups($client: ID!, $list: ID!, $campaign: ID!, $template: ID!) {\n    client(id: $client) { id }\n    list(id: $list) { id }\n    campaign(id: $campaign) { id }\n    template(id: $template) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateAddSubscriber($input: AddSubscriberInput!) {\n      result: addSubscriber(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateUnsubscribe($input: UnsubscribeInput!) {\n      result: unsubscribe(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateCreateList($input: CreateListInput!) {\n      result: createList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateUpdateList($input: UpdateListInput!) {\n      result: updateList(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateCreateCustomField($input: CreateCustomFieldInput!) {\n      result: createCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateDeleteCustomField($input: DeleteCustomFieldInput!) {\n      result: deleteCustomField(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateCreateClient($input: CreateClientInput!) {\n      result: createClient(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateUpdateClientBasics($input: UpdateClientBasicsInput!) {\n      result: updateClientBasics(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateUpdateAccess($input: UpdateClientAccessAndBillingInput!) {\n      result: updateClientAccessAndBilling(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateSendCampaign($input: SendCampaignInput!) {\n      result: sendCampaign(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n    mutation ValidateUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "): (typeof documents)["\n    mutation ValidateUpdateTemplate($input: UpdateTemplateInput!) {\n      result: updateTemplate(input: $input) { __typename ... on InputError { field rule message issues { field rule message } } }\n    }\n  "];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;