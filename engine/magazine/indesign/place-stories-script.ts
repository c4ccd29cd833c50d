// The ExtendScript of the InDesign script package (/scripts/indesign.zip): kept as a string module so
// every bundle (tsx, the CLI bundle) carries it without copying asset files.
export const PLACE_STORIES_JSX = String.raw`// place-stories.jsx — Masthead print export → InDesign
// Places the ICML stories of an unzipped Masthead print export (manifest.json, stories/, images/)
// into the active InDesign document, or a new one: one page per story, sections in manifest order,
// each story placed into a text frame inside the page margins, its images placed on the same page.
#target indesign

(function () {
  var folder = Folder.selectDialog('Choose the unzipped Masthead print export (the folder with manifest.json)');
  if (!folder) return;
  var manifestFile = File(folder.fsName + '/manifest.json');
  if (!manifestFile.exists) {
    alert('No manifest.json in ' + folder.fsName + '. Unzip the export downloaded from /admin/print-exports first.');
    return;
  }
  manifestFile.encoding = 'UTF-8';
  manifestFile.open('r');
  var text = manifestFile.read();
  manifestFile.close();
  var manifest;
  try {
    manifest = eval('(' + text + ')');
  } catch (e) {
    alert('manifest.json could not be read: ' + e);
    return;
  }
  if (manifest.format !== 'icml') {
    alert('This export is not an ICML package (format: ' + manifest.format + ').');
    return;
  }

  var doc = app.documents.length > 0 ? app.activeDocument : app.documents.add();
  var placed = 0;
  var missing = [];
  var firstPageUsed = doc.pages.length === 1 && doc.pages[0].allPageItems.length === 0;

  for (var s = 0; s < manifest.sections.length; s++) {
    var section = manifest.sections[s];
    for (var i = 0; i < section.stories.length; i++) {
      var story = section.stories[i];
      var icml = File(folder.fsName + '/' + story.file);
      if (!icml.exists) { missing.push(story.file); continue; }
      var page = firstPageUsed ? doc.pages[0] : doc.pages.add(LocationOptions.AT_END);
      firstPageUsed = false;
      var b = page.bounds; // [top, left, bottom, right]
      var m = page.marginPreferences;
      var frame = page.textFrames.add({
        geometricBounds: [b[0] + m.top, b[1] + m.left, b[2] - m.bottom, b[3] - m.right],
        label: section.name + ' / ' + story.name
      });
      frame.place(icml);
      for (var k = 0; k < story.images.length; k++) {
        var image = File(folder.fsName + '/' + story.images[k].file);
        if (!image.exists) { missing.push(story.images[k].file); continue; }
        var rect = page.rectangles.add({ geometricBounds: [b[0] + m.top, b[1] + m.left, b[0] + m.top + 60, b[1] + m.left + 90] });
        rect.place(image);
        rect.fit(FitOptions.PROPORTIONALLY);
      }
      placed++;
    }
  }
  var report = 'Placed ' + placed + ' stories of ' + manifest.publication.name + ', ' + manifest.issue.name + '.';
  if (missing.length) report += '\nMissing files: ' + missing.join(', ');
  alert(report);
})();
`;
