// Built-in stand-in for the external onboarding page (a real deployment sets ONBOARDING_BASE_URL).
(function () {
  var params = new URLSearchParams(location.search);
  var continuing = /continue-registration/.test(location.pathname);
  document.getElementById('title').textContent = continuing
    ? 'Continue your registration'
    : 'Online account opening';
  document.getElementById('merchant').textContent = params.get('merchantCode') || '-';
  document.getElementById('camera').addEventListener('click', function () {
    var status = document.getElementById('camera-status');
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      status.textContent = 'Camera not available in this browser.';
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: true, audio: true }).then(
      function (stream) {
        var v = document.getElementById('preview');
        v.hidden = false;
        v.srcObject = stream;
        status.textContent = 'Camera and microphone allowed.';
      },
      function (err) {
        status.textContent = 'Camera or microphone refused: ' + err.name;
      },
    );
  });
  // Tell the embedding page we loaded; it hides its time-out screen on this exact text.
  if (window.parent !== window) window.parent.postMessage('OctoOnlineOnboardingSuccessfullyLoaded', '*');
})();
