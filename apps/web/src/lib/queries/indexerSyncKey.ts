/**
 * The indexer lag's query key (./keys lists it): apart, so the lag notice of a visitor's page
 * reads only this, not the whole factory (issue 26).
 */
export const indexerSyncKey = () => ["indexerSync"] as const;
