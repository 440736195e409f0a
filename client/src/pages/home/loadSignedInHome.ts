/**
 * The dashboard's chunk. One function for the page that renders it and for the route loader
 * that starts the download as soon as it knows someone is signed in (the module is fetched once).
 */
export const loadSignedInHome = () => import('./SignedInHome.tsx').then((module) => ({ default: module.SignedInHome }));
