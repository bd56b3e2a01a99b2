import type { TaggedIcon } from './build-vocabulary.js';

/**
 * The names designers and developers give common interface controls, which
 * no icon library tags because they name the control rather than what its
 * glyph shows: a "kebab" menu is three dots in a column, a "throbber" a
 * spinner. Written by hand from the usual vocabulary of interface design
 * (platform guidelines, component libraries), each entry named with the name
 * words icon packs draw the control with, read as one more icon source.
 */
export const UI_JARGON: readonly TaggedIcon[] = [
  { name: 'menu', tags: ['hamburger', 'hamburger menu', 'burger menu', 'navigation drawer', 'nav drawer', 'side menu', 'main menu'] },
  { name: 'dots-vertical', tags: ['kebab', 'kebab menu', 'vertical ellipsis', 'more options', 'overflow menu', 'more vert'] },
  { name: 'dots-horizontal', tags: ['meatballs', 'meatballs menu', 'meatball menu', 'horizontal ellipsis', 'more options', 'overflow menu', 'more horiz'] },
  { name: 'apps', tags: ['bento', 'bento menu', 'waffle', 'waffle menu', 'app launcher', 'app switcher', 'app drawer', 'grid menu'] },
  { name: 'loader', tags: ['throbber', 'spinner', 'loading indicator', 'busy indicator', 'activity indicator', 'progress spinner', 'wait cursor'] },
  { name: 'loader-loading', tags: ['skeleton loader', 'skeleton screen', 'placeholder', 'shimmer', 'loading state', 'loading wheel'] },
  { name: 'grip', tags: ['drag handle', 'grab handle', 'grabber', 'gripper', 'reorder handle'] },
  { name: 'bell', tags: ['notification', 'toast', 'snackbar', 'push notification'] },
  { name: 'x', tags: ['close button', 'dismiss'] },
  { name: 'user', tags: ['avatar', 'profile picture', 'userpic', 'pfp', 'profile photo'] },
  { name: 'settings', tags: ['cog', 'cogwheel', 'preferences'] },
  { name: 'search', tags: ['magnifier', 'magnifying glass', 'lookup'] },
  { name: 'toggle', tags: ['toggle switch', 'on off switch'] },
  { name: 'checkbox', tags: ['tick box', 'tickbox', 'check box', 'checkmark box', 'checked box'] },
  { name: 'chevron-down', tags: ['dropdown', 'drop down', 'select box', 'combo box', 'disclosure', 'accordion toggle'] },
  { name: 'chevron-right', tags: ['disclosure indicator', 'drill down', 'breadcrumb separator'] },
  { name: 'plus', tags: ['floating action button', 'fab', 'add new', 'create new'] },
  { name: 'eye', tags: ['show password', 'reveal', 'visibility'] },
  { name: 'eye-off', tags: ['hide password', 'conceal', 'invisible'] },
  { name: 'refresh', tags: ['pull to refresh', 'reload', 'retry'] },
  { name: 'external-link', tags: ['open in new', 'new tab', 'new window', 'outbound link', 'pop out'] },
  { name: 'sidebar-panel', tags: ['side panel', 'side nav', 'side bar', 'toggle sidebar', 'sidebar toggle', 'collapse sidebar', 'navigation pane', 'drawer'] },
  { name: 'navbar-navigation', tags: ['navigation bar', 'nav bar', 'top bar', 'header bar', 'app bar', 'menu bar', 'toolbar'] },
  { name: 'footer-bottombar', tags: ['page footer', 'bottom bar', 'footer bar', 'bottom navigation'] },
  { name: 'app-window-dialog', tags: ['modal', 'dialog', 'dialog box', 'popup', 'pop up', 'overlay window', 'lightbox'] },
  { name: 'sliders-adjustments-tune', tags: ['slider', 'range slider', 'range input', 'fader', 'level control', 'adjust'] },
  { name: 'columns-split', tags: ['split view', 'split screen', 'side by side', 'two columns', 'dual pane'] },
  { name: 'grid-layout', tags: ['grid view', 'tile view', 'tiles', 'thumbnail view', 'gallery view', 'icon view'] },
  { name: 'picture-in-picture', tags: ['pip', 'mini player', 'floating video', 'floating window'] },
  { name: 'arrow-up', tags: ['up arrow', 'upward', 'move up', 'go up', 'ascend'] },
  { name: 'maximize', tags: ['fullscreen', 'full screen', 'expand view', 'enlarge'] },
  { name: 'minimize', tags: ['exit fullscreen', 'collapse view', 'shrink'] },
  { name: 'arrow-left', tags: ['back button', 'go back', 'previous', 'navigate back'] },
  { name: 'filter', tags: ['funnel', 'refine', 'narrow down', 'facet'] },
  { name: 'sort', tags: ['reorder', 'order by', 'sort order'] },
  { name: 'message', tags: ['tooltip', 'speech bubble', 'chat bubble', 'callout'] },
  { name: 'share', tags: ['share sheet', 'send to', 'spread'] },
  { name: 'heart', tags: ['like button', 'favourite', 'favorite', 'fave'] },
  { name: 'star', tags: ['favourite', 'favorite', 'fave', 'rating'] },
  { name: 'tabs-tab', tags: ['tab bar', 'browser tabs', 'tabbed', 'tab strip', 'tabbed view'] },
  { name: 'plus-minus', tags: ['stepper', 'increment', 'decrement', 'quantity picker', 'counter control'] },
  { name: 'tag-label', tags: ['token', 'filter chip', 'label chip'] },
  { name: 'chevron-left-right', tags: ['pagination', 'pager', 'page navigation', 'paging'] },
];
