// The lobby (/play). The old address /play#<table> of the game with its own page goes on
// to that page (the lobby's data-own).
"use strict";
if (location.hash.length > 1) {
  location.replace(`/play/${document.getElementById("lobby").dataset.own}${location.hash}`);
}
