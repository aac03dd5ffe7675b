/** Region reads any form may make (server: /rest/region/children and /rest/region/path, public and cached). */
import type { QueryClient } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { regionCalls } from '@dandelion/shared/base/region';
import { call } from '../../api/call';

/** A region as a cascader needs it. */
export type RegionOption = CallData<typeof regionCalls.children>[number];

export const regionKeys = {
  all: ['region'] as const,
  children: (parentCode: string | null) => [...regionKeys.all, 'children', parentCode ?? ''] as const,
};

/** Regions change rarely; a level once read is reused by every form for a while. */
export const REGION_STALE_MS = 10 * 60_000;

export const fetchRegionChildren = (parentCode: string | null) =>
  call(regionCalls.children, parentCode ? { parentCode } : {}, { silent: true });

/** The children of a region (the provinces for null), through the query cache. */
export function regionChildren(client: QueryClient, parentCode: string | null): Promise<RegionOption[]> {
  return client.fetchQuery({ queryKey: regionKeys.children(parentCode), queryFn: () => fetchRegionChildren(parentCode), staleTime: REGION_STALE_MS });
}

/** Drops every cached level (after the region page changed one). */
export const forgetRegions = (client: QueryClient) => client.invalidateQueries({ queryKey: regionKeys.all });
