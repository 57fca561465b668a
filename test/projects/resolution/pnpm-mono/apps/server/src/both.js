exports.both = 'js';
