// Where a person opens a file the partner API serves (issue 58): the API's file address (the
// `getFile` operation, as the contract declares it) becomes the dashboard's own proxied address,
// built by the same `pathOf` as every other call; any other URL is left as it is.
import { pathOf } from './call';
import { DASHBOARD_API } from './endpoints';
import { operations } from './operations';

const FILE_ID = '([A-Za-z0-9_-]+)';
/** getFile's path as a pattern: its `{id}` one file id of the API's alphabet. */
const getFilePath = new RegExp(
  `${operations.getFile.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', FILE_ID)}$`,
);

export function fileHref(url: string): string {
  const id = getFilePath.exec(url.split('?')[0] ?? '')?.[1];
  return id === undefined
    ? url
    : `${DASHBOARD_API}${pathOf(operations.getFile, { params: { id } })}`;
}
