export const SITE_NAME = 'RigRoast';

/** The <title> and description of a page, in the shape React Router's `meta` export returns. */
export function pageMeta(title: string, description: string) {
  return [
    { title: title === SITE_NAME ? title : `${title} · ${SITE_NAME}` },
    { name: 'description', content: description },
  ];
}
