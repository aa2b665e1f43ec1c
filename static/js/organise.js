/* Organiser pages: keyboard result entry.
 *
 * Each board's result field is its own form; htmx sends it and swaps the board's row. This
 * script only moves the cursor: Enter in a result field saves that board (the form's normal
 * submit, which htmx sends in the background) and moves to the next board's field at once;
 * Enter in an empty field moves on without saving anything. A key the field does not take
 * (its data-keys list every key it takes) is sent too, but the cursor stays: the row comes
 * back with the message and its field takes the cursor again (autofocus). Without JavaScript
 * the forms post and the page reloads. No inline handlers: it binds itself on load.
 */
(function () {
  "use strict";

  function fields() {
    return Array.prototype.slice.call(document.querySelectorAll("input.result-key"));
  }

  function focusAfter(input) {
    var all = fields();
    var index = all.indexOf(input);
    var next = all[index + 1];
    if (next) {
      next.focus();
      next.select();
    }
  }

  // Whether the field takes the key typed, compared as the server compares it (spaces
  // removed, lower case). A field without the list takes anything (the server decides).
  function accepted(input, value) {
    var keys = input.getAttribute("data-keys");
    if (keys === null) {
      return true;
    }
    var typed = value.replace(/\s+/g, "").toLowerCase();
    return keys.split(" ").indexOf(typed) !== -1;
  }

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.classList || !input.classList.contains("result-key")) {
      return;
    }
    // Save (the form's own submit, which htmx sends in the background) and move on at once,
    // so that the next key goes to the next board whatever the network does.
    event.preventDefault();
    var value = input.value.trim();
    if (value && input.form) {
      // A row htmx swapped in is bound to htmx only when it settles (some milliseconds
      // later): bind it now, or a key typed at once would post the form the plain way.
      if (window.htmx) {
        window.htmx.process(input.form);
      }
      input.form.requestSubmit();
    }
    if (value && !accepted(input, value)) {
      input.select();
      return;
    }
    focusAfter(input);
  });
})();
