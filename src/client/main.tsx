import './styles.css';

/*
 * The server renders every page (entry-server.tsx), so the page is readable as soon as its HTML
 * and stylesheet arrive. The app's JavaScript — which only makes it interactive — is requested
 * after that first paint, so on a slow connection it never holds the content back. A hidden tab
 * paints nothing, so it loads at once there.
 */
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});
await painted;
await import('./start-app.tsx');
