// The first step of a page, before its first paint (a classic script in <head>, which the
// browser runs before it renders; the module entry runs later): when the user of the last visit
// chose the dark theme for the back office, the page is dark from its first frame. It reads what
// shell/src/theme/theme.ts keeps (the SDK's storage entries `dandelion__token`,
// `dandelion__preferences`, `dandelion__publicPaths`); startTheme() then puts the whole theme on
// <body> and removes this mark.
(function () {
  try {
    var read = function (key) {
      var raw = window.localStorage.getItem('dandelion__' + key);
      var entry = raw ? JSON.parse(raw) : null;
      if (!entry || typeof entry !== 'object' || (entry.expire !== null && entry.expire < Date.now())) return null;
      return entry.value;
    };
    var path = window.location.pathname;
    var notBackOffice = ['/403', '/404', '/500', '/errorBlank', '/login'].concat(read('publicPaths') || []);
    var preferences = read('preferences');
    if (read('token') && preferences && preferences.theme === 'dark' && notBackOffice.indexOf(path) < 0) {
      document.documentElement.setAttribute('data-boot-theme', 'dark');
    }
  } catch (error) {
    // No readable storage: light until the shell starts, as without a preference.
  }
})();
