// Sandbox eKYC page: previews the chosen photos, and where the browser allows it, takes them with
// the camera (getUserMedia) instead of the file picker.
(function () {
  'use strict';
  function preview(input) {
    var img = document.getElementById(input.id + '-preview');
    if (!img || !input.files || !input.files[0]) return;
    img.src = URL.createObjectURL(input.files[0]);
    img.hidden = false;
  }
  document.querySelectorAll('input[type=file]').forEach(function (input) {
    input.addEventListener('change', function () { preview(input); });
  });
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia || typeof DataTransfer === 'undefined') return;
  document.querySelectorAll('[data-camera-for]').forEach(function (button) {
    var input = document.getElementById(button.getAttribute('data-camera-for'));
    button.hidden = false;
    button.addEventListener('click', function () {
      var facing = input.getAttribute('capture') === 'user' ? 'user' : 'environment';
      navigator.mediaDevices.getUserMedia({ video: { facingMode: facing } }).then(function (stream) {
        var video = document.createElement('video');
        video.className = 'camera';
        video.setAttribute('playsinline', '');
        video.srcObject = stream;
        video.play();
        var take = document.createElement('button');
        take.type = 'button';
        take.textContent = 'Take photo';
        button.after(video, take);
        take.addEventListener('click', function () {
          var canvas = document.createElement('canvas');
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          canvas.getContext('2d').drawImage(video, 0, 0);
          canvas.toBlob(function (blob) {
            var transfer = new DataTransfer();
            transfer.items.add(new File([blob], input.id + '.jpg', { type: 'image/jpeg' }));
            input.files = transfer.files;
            preview(input);
            stream.getTracks().forEach(function (t) { t.stop(); });
            video.remove();
            take.remove();
          }, 'image/jpeg', 0.9);
        });
      }).catch(function () { button.hidden = true; });
    });
  });
})();
