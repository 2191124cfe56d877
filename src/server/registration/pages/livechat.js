// Built-in stand-in for the bank's live-chat service (a real deployment sets LIVECHAT_URL).
(function () {
  var en = /[?&]lang=en\b/.test(location.search);
  var log = document.getElementById('log');
  var input = document.getElementById('text');
  document.getElementById('send').textContent = en ? 'Send' : 'Kirim';
  function say(text, who) {
    var p = document.createElement('p');
    p.className = 'msg ' + who;
    p.textContent = text;
    log.appendChild(p);
    log.scrollTop = log.scrollHeight;
  }
  var afterLogin = /[?&]session=after-login\b/.test(location.search);
  say(
    afterLogin
      ? en
        ? 'Hello! How can we help you today?'
        : 'Halo! Ada yang bisa kami bantu hari ini?'
      : en
        ? 'Hello! How can we help you with your registration?'
        : 'Halo! Ada yang bisa kami bantu terkait registrasi Anda?',
    'agent',
  );
  document.getElementById('chat').addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    say(text, 'me');
    input.value = '';
    setTimeout(function () {
      say(
        en ? 'Thank you. An agent will reply shortly.' : 'Terima kasih. Agen kami akan segera membalas.',
        'agent',
      );
    }, 400);
  });
})();
