// The game viewer: one frame (a board picture) per position, shown one at a time.
// Each frame names the frame before and after it (data-prev, data-next), so the
// keys and buttons walk the main line, or a variation once one of its moves is shown.
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll("#board .frame"));
  var links = Array.prototype.slice.call(document.querySelectorAll("#moves a.move"));
  var status = document.getElementById("status");
  var comment = document.getElementById("comment");
  var current = 0;

  function show(index) {
    if (index === "" || index === undefined || index === null) { return; }
    index = Number(index);
    if (!(index >= 0 && index < frames.length)) { return; }
    frames[current].hidden = true;
    current = index;
    var frame = frames[current];
    frame.hidden = false;
    status.textContent = frame.getAttribute("data-status");
    comment.textContent = frame.getAttribute("data-comment") || "";
    links.forEach(function (link) {
      link.classList.toggle("current", Number(link.getAttribute("data-frame")) === current);
    });
    document.body.setAttribute("data-frame", String(current));
  }

  function step(direction) {
    show(frames[current].getAttribute(direction === 1 ? "data-next" : "data-prev"));
  }

  function last() {
    var index = 0;
    while (frames[index].getAttribute("data-next") !== "") {
      index = Number(frames[index].getAttribute("data-next"));
    }
    show(index);
  }

  document.addEventListener("keydown", function (event) {
    var keys = { ArrowRight: function () { step(1); }, ArrowLeft: function () { step(-1); },
                 Home: function () { show(0); }, End: last };
    if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
  });
  links.forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      show(link.getAttribute("data-frame"));
    });
  });
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { step(-1); });
  document.getElementById("next").addEventListener("click", function () { step(1); });
  document.getElementById("last").addEventListener("click", last);
  show(0);
})();
