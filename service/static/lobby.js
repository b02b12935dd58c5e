// The lobby (/play). The Chắn page's old address /play#<table> goes on to /play/chan.
"use strict";
if (location.hash.length > 1) location.replace(`/play/chan${location.hash}`);
